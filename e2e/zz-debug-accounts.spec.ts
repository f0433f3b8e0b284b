import { test } from '@playwright/test';
test('debug', async ({ page }) => {
  page.on('console', (m) => { if (m.type() !== 'info') console.log('CONSOLE', m.type(), m.text().slice(0, 300)); });
  await page.addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => { const s = cb.toString(); if (s.includes('getElementById')) console.log('raf scheduled', s.slice(0, 120)); return raf(cb); };
    document.addEventListener('submit', (e) => console.log('submit event', [...(e.target as HTMLFormElement).querySelectorAll('input')].map((i) => i.id).join(',')), true);
  });
  await page.goto('/login');
  await page.locator('#login-email').fill('customer@demo.ma');
  await page.locator('#login-password').fill('Demo!2345');
  await page.locator('main form button[type=submit]').click();
  await page.waitForURL(/dashboard/);
  await page.goto('/profile');
  await page.locator('#profile-phone').fill('0612');
  await page.locator('main form button[type=submit]').first().click();
  await page.waitForTimeout(500);
  await page.locator('#profile-full_name').fill('');
  await page.locator('main form button[type=submit]').first().click();
  await page.waitForTimeout(500);
  console.log(await page.evaluate(() => `${document.activeElement?.tagName}#${document.activeElement?.id} ${document.querySelectorAll('#profile-phone').length}`));
});
