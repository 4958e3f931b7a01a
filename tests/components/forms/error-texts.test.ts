import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadErrorTranslator } from '@/components/forms/error-texts';
import fr from '@/messages/fr.json';

afterEach(() => vi.unstubAllGlobals());

describe('the schemas error texts, loaded with the schema', () => {
  it('says a key with its values in the page language, and any other text as it is', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json(fr.Forms.errors)));
    const translate = await loadErrorTranslator('fr');
    expect(translate('tooLong?max=80')).toBe('80 caractères au maximum.');
    expect(translate('emailInvalid')).toBe(fr.Forms.errors.emailInvalid);
    expect(translate('Déjà traduit par le serveur.')).toBe('Déjà traduit par le serveur.');
    // Once per page and locale.
    await loadErrorTranslator('fr');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/form-errors/fr', expect.anything());
  });

  it('fails when the texts cannot be downloaded, and tries again on the next call', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 503 })));
    await expect(loadErrorTranslator('es')).rejects.toThrow('503');
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ emailInvalid: 'Correo no válido.' })));
    expect((await loadErrorTranslator('es'))('emailInvalid')).toBe('Correo no válido.');
  });
});
