// A whole deal played by clicking in Firefox (Debian's firefox-esr, over WebDriver BiDi through
// puppeteer-core's public API), for tests/web/test_firefox.py. Usage:
//   node play.mjs SERVER_URL GAME SCREENSHOT READ_DOM PICK
// It prints one JSON line: the page's address, its DOM readings, its log, its errors.
import puppeteer from "puppeteer-core";

const [url, game, screenshot, readDom, pick] = process.argv.slice(2);
const STATE = `() => { const table = document.querySelector('.table');
  return [table ? Number(table.dataset.seq) : null, Boolean(document.querySelector('.ended')),
    document.querySelectorAll('[aria-pressed=true]').length]; }`;

// The window's size, not a viewport: setting one asks for a screen orientation this Firefox lacks.
const browser = await puppeteer.launch({ browser: "firefox", headless: true,
  executablePath: process.env.FIREFOX ?? "/usr/bin/firefox-esr", defaultViewport: null,
  args: ["--width=1280", "--height=800"] });
const errors = [];
const readings = [];
try {
  const page = await browser.newPage();
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(url);
  await page.waitForSelector("#language");
  await page.select("#language", "ru");
  await page.waitForFunction(() => document.querySelector("#create")?.textContent === "Сдать");
  await page.select("#game", game);
  for (const [field, value] of [["#deals", "1"], ["#name", "Анна"]]) {
    await page.click(field, { count: 3 });
    await page.type(field, value);
  }
  await page.click("#create");
  await page.waitForSelector(".table[data-seq]");
  for (let step = 0; step < 300; step += 1) {
    readings.push(await page.evaluate(`(${readDom})()`));
    const state = await page.evaluate(`(${STATE})()`);
    if (state[1]) break;
    const target = await page.evaluateHandle(`(() => { ${pick} })()`);
    const pressed = await target.evaluate((element) => {
      if (!element) return false;
      element.click();
      return true;
    });
    if (!pressed) {
      await new Promise((done) => setTimeout(done, 200));
      continue;
    }
    await page.waitForFunction((before) => {
      const table = document.querySelector(".table");
      return !table || Number(table.dataset.seq) !== before[0] || document.querySelector(".ended")
        || document.querySelectorAll("[aria-pressed=true]").length !== before[2];
    }, { timeout: 20_000 }, state);
  }
  readings.push(await page.evaluate(`(${readDom})()`));
  await page.screenshot({ path: screenshot });
  const log = await page.$$eval(".log li", (items) => items.map((item) => item.textContent));
  const ended = Boolean(await page.$(".ended"));
  // The page's own address: the table's path is pushed by the page, not navigated to.
  const address = await page.evaluate(() => location.href);
  console.log(JSON.stringify({ url: address, ended, readings, log, errors }));
} finally {
  await browser.close();
}
