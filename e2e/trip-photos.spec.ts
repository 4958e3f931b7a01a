import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import { lookAt } from './support';
import { signIn } from './support-account';
import { photo } from './support-photos';

const guideMailbox = 'chamonix-alpine-guides@guides.cordee.example';
const tripTitle = 'Snowshoeing week in the Chamonix valley';
const seededTrip = '/trip/tour-du-mont-blanc-guided-hut-trek';
const m = en.PhotoUploader;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

/** The page's cumulative layout shift so far (layout-shift entries without recent input). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );

test.describe('trip photos', () => {
  test('the guide uploads three photos with alt text, reorders, sets the cover; the trip page shows them', async ({ page, browser, isMobile }) => {
    test.skip(isMobile, 'one guide mailbox: the guide signs in from one project at a time');
    test.setTimeout(180_000);
    await page.goto('/account/guide?lan=en');
    await signIn(page, guideMailbox);
    await page.getByTestId('guide-trips').getByRole('listitem').filter({ hasText: tripTitle }).getByRole('link', { name: en.TripAuthoring.tripCard.edit }).click();
    const uploader = page.getByTestId('photo-uploader');
    const items = uploader.getByTestId('photo-item');
    // The uploader loads once its section nears the screen.
    await page.getByTestId('trip-photos-editor').scrollIntoViewIfNeeded();
    await expect(uploader).toBeVisible();
    // A run before this one left its photos: start from none.
    for (let count = await items.count(); count > 0; count = await items.count()) {
      await items.first().getByRole('button', { name: fill(m.delete, { number: 1 }) }).click();
      await expect(items).toHaveCount(count - 1);
    }

    // A file whose name says JPEG but which is not a picture is refused, by its bytes.
    await uploader.getByLabel(m.choose).setInputFiles({ name: 'summit.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html>not a photo</html>') });
    await expect(uploader.getByTestId('photo-errors')).toContainText(m.errors.notAnImage);

    await uploader.getByLabel(m.choose).setInputFiles([await photo('#4a6fa5', 'ridge.jpg'), await photo('#a5744a', 'hut.jpg'), await photo('#4aa56f', 'meadow.jpg')]);
    await expect(items).toHaveCount(3, { timeout: 60_000 });
    await expect(uploader.getByText(m.needsAlt)).toHaveCount(3);

    const alts = ['Blue ridge', 'Brown hut', 'Green meadow'];
    for (const [index, alt] of alts.entries()) {
      const item = items.nth(index);
      await item.getByLabel(fill(m.altLabel, { language: 'English' })).fill(alt);
      await item.getByLabel(fill(m.altLabel, { language: 'Français' })).fill(`${alt} (fr)`);
      await item.getByLabel(fill(m.altLabel, { language: 'Español' })).fill(`${alt} (es)`);
      await item.getByRole('button', { name: fill(m.saveAlt, { number: index + 1 }) }).click();
      await expect(item.getByText(m.ready)).toBeVisible();
    }
    // The first upload is the cover; the third moves up, then becomes the cover.
    await expect(items.nth(0).getByTestId('photo-cover')).toBeVisible();
    await items.nth(2).getByRole('button', { name: fill(m.moveUp, { number: 3 }) }).click();
    await expect(items.nth(1).getByLabel(fill(m.altLabel, { language: 'English' }))).toHaveValue('Green meadow');
    await items.nth(1).getByRole('button', { name: fill(m.makeCover, { number: 2 }) }).click();
    await expect(items.nth(1).getByTestId('photo-cover')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 1400 });
    await lookAt(uploader, 'uploader-1280');

    // Without JavaScript the editor still lists the photos as they stand, and says what needs it.
    const plainContext = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await plainContext.newPage();
    await plain.goto(page.url());
    const standing = plain.getByTestId('photo-list-standing').getByRole('listitem');
    await expect(standing).toHaveCount(3);
    await expect(standing.nth(1)).toContainText(m.cover);
    await expect(standing.nth(1).getByRole('img', { name: 'Green meadow' })).toBeVisible();
    await expect(standing.nth(1).getByRole('img', { name: 'Green meadow' })).toHaveJSProperty('complete', true);
    await expect(plain.getByText(m.needsJavaScript)).toBeVisible();
    await lookAt(plain.getByTestId('trip-photos-editor'), 'editor-photos-no-js');
    await plainContext.close();

    // The trip page: the cover first and preloaded, the others in the new order, no layout shift.
    await page.getByRole('link', { name: en.Account.trips.view }).first().click();
    const gallery = page.getByTestId('gallery');
    await expect(gallery.getByRole('img')).toHaveCount(3);
    await expect(gallery.getByRole('img').nth(0)).toHaveAttribute('alt', 'Green meadow');
    await expect(gallery.getByRole('img').nth(1)).toHaveAttribute('alt', 'Blue ridge');
    await expect(gallery.getByRole('img').nth(0)).toHaveAttribute('fetchpriority', 'high');
    // The others wait behind it, even the one peeking into a phone's screen.
    for (const index of [1, 2]) {
      await expect(gallery.getByRole('img').nth(index)).toHaveAttribute('fetchpriority', 'low');
      await expect(gallery.getByRole('img').nth(index)).toHaveAttribute('loading', 'lazy');
    }
    await expect(page.locator('link[rel=preload][as=image][imagesrcset*="/media/photos/"]')).toHaveCount(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await page.waitForLoadState('load');
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await lookAt(page, 'trip-gallery-1280');

    // The viewer: opens on the photo clicked; arrows and the arrow keys move; Escape closes.
    await gallery.getByRole('link').nth(0).click();
    const viewer = page.getByTestId('gallery-viewer');
    await expect(viewer).toBeVisible();
    const counter = page.getByTestId('gallery-counter');
    await expect(counter).toHaveText(fill(en.TripPage.gallery.counter, { number: 1, total: 3 }));
    await page.getByRole('button', { name: en.TripPage.gallery.next }).click();
    await expect(counter).toHaveText(fill(en.TripPage.gallery.counter, { number: 2, total: 3 }));
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(fill(en.TripPage.gallery.counter, { number: 3, total: 3 }));
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText(fill(en.TripPage.gallery.counter, { number: 2, total: 3 }));
    await lookAt(page, 'trip-viewer-1280');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // Served like a photo site: AVIF, immutable for a year, without the camera's EXIF.
    const src = await gallery.locator('source[type="image/avif"]').first().getAttribute('srcset');
    const url = src!.split(',')[0]!.trim().split(' ')[0]!;
    const answer = await page.request.get(url);
    expect(answer.headers()['content-type']).toBe('image/avif');
    expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers()['etag']).toBeTruthy();
    expect((await answer.body()).includes(Buffer.from('E2E Camera'))).toBe(false);
  });

  test('on a phone the seeded photos swipe, with no layout shift', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the 375 px strip');
    await page.goto(seededTrip);
    await page.waitForLoadState('load');
    const gallery = page.getByTestId('gallery');
    await expect(gallery.getByRole('img')).toHaveCount(3);
    expect(await gallery.evaluate((element) => getComputedStyle(element).scrollSnapType)).toBe('x mandatory');
    expect(await layoutShift(page)).toBeLessThan(0.01);
    // A swipe to the left brings the second photo in view.
    const box = (await gallery.boundingBox())!;
    await gallery.evaluate((element) => element.scrollBy({ left: element.clientWidth * 0.6 }));
    await expect.poll(() => gallery.evaluate((element) => element.scrollLeft)).toBeGreaterThan(box.width * 0.5);
    await expect(gallery.getByRole('img').nth(1)).toBeInViewport();
    await lookAt(page, 'trip-gallery-375');
  });
});
