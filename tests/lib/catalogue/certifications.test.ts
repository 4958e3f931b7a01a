import { describe, expect, it } from 'vitest';
import guidesAlps from '@/lib/db/seed/data/guides-alps.json';
import guidesEuaf from '@/lib/db/seed/data/guides-euaf.json';
import guidesWorld from '@/lib/db/seed/data/guides-world.json';
import { localizedCertification } from '@/lib/catalogue/certifications';

describe('certifications in the page language', () => {
  it('names the IFMGA as each language does, and national bodies in the reader’s words', () => {
    expect(localizedCertification('IFMGA/UIAGM', 'en')).toBe('IFMGA/UIAGM');
    expect(localizedCertification('IFMGA/UIAGM', 'fr')).toBe('UIAGM');
    expect(localizedCertification('IFMGA/UIAGM', 'es')).toBe('UIAGM/IFMGA');
    expect(localizedCertification('AEGM – Asociación Española de Guías de Montaña', 'fr')).toBe('AEGM – Association espagnole des guides de montagne');
    expect(localizedCertification('AEGM – Asociación Española de Guías de Montaña', 'es')).toBe('AEGM – Asociación Española de Guías de Montaña');
    expect(localizedCertification("Diplôme d'État de guide de haute montagne (ENSA)", 'en')).toBe('French State mountain guide diploma (ENSA)');
  });

  it('keeps a name it does not know, and a body’s own name, as written', () => {
    expect(localizedCertification('Società delle Guide Alpine di Courmayeur', 'fr')).toBe('Società delle Guide Alpine di Courmayeur');
    expect(localizedCertification('Some new diploma', 'es')).toBe('Some new diploma');
  });

  it('knows every certification of the demo catalogue in each language, but bodies’ own names', () => {
    const ownNames = ['Società delle Guide Alpine di Courmayeur', 'Técnico Deportivo Superior en Alta Montaña'];
    const all = [...guidesAlps, ...guidesEuaf, ...guidesWorld].flatMap((guide: { certifications: string[] }) => guide.certifications);
    const unknown = all.filter((name) => !ownNames.includes(name) && ['en', 'fr', 'es'].every((locale) => localizedCertification(name, locale as 'en') === name));
    expect(unknown).toEqual([]);
  });
});
