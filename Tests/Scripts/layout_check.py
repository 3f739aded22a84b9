"""Measures pages in headless Chromium at given window widths and prints what a reader would meet.

Usage: layout_check.py WIDTH[,WIDTH…] PAGE.html...

Prints one JSON object: for each page and width, whether the page scrolls sideways (the document
wider than the window), the elements that scroll sideways inside (their tag, classes and how much
wider their content is than their box), and the height in CSS pixels of the tallest table row.
Selenium drives Debian's chromedriver (no driver is fetched), as axe_check.py does.
"""

import json
import os
import sys

os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

MEASURE = """
const root = document.documentElement;
const scrolling = [];
for (const element of document.querySelectorAll('body *')) {
  const style = getComputedStyle(element);
  // What a reader would have to scroll sideways: a box that scrolls (a cell cut short with an
  // ellipsis hides its overflow on purpose, and is not counted).
  const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
  if (scrolls && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
    scrolling.push({tag: element.tagName.toLowerCase(), classes: element.className || '',
                    overflow: element.scrollWidth - element.clientWidth});
  }
}
let tallestRow = 0;
for (const row of document.querySelectorAll('tbody tr')) {
  tallestRow = Math.max(tallestRow, row.getBoundingClientRect().height);
}
return {pageScrollsSideways: root.scrollWidth > window.innerWidth + 1, documentWidth: root.scrollWidth,
        windowWidth: window.innerWidth, scrolling: scrolling, tallestRow: tallestRow};
"""


def main(widths, pages):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars"):
        options.add_argument(argument)
    options.binary_location = os.environ.get("TELETYPE_CHROMIUM", "/usr/bin/chromium")
    service = Service(os.environ.get("TELETYPE_CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    results = {}
    try:
        for page in pages:
            results[page] = {}
            for width in widths:
                driver.set_window_size(width, 900)
                # The window's inner width is what CSS sees: make it the width asked for.
                inner = driver.execute_script("return window.innerWidth;")
                driver.set_window_size(width + (width - inner), 900)
                driver.get("file://" + os.path.abspath(page))
                results[page][str(width)] = driver.execute_script(MEASURE)
                if os.environ.get("TELETYPE_LAYOUT_SCREENSHOTS"):
                    driver.save_screenshot(f"{page}.{width}.png")
    finally:
        driver.quit()
    json.dump(results, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main([int(width) for width in sys.argv[1].split(",")], sys.argv[2:])
