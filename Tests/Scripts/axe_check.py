"""Runs axe-core (from axe-selenium-python) on pages in headless Chromium and prints what it finds.

Usage: axe_check.py PAGE.html...

Prints one JSON object: for each page, its violations (rule id, impact, help, and each node's
target and failure summary). Selenium is pointed at Debian's chromedriver, so it never fetches a
driver, and sends no statistics.
"""

import json
import os
import sys

os.environ.setdefault("SE_AVOID_STATS", "true")

from axe_selenium_python import Axe  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402


def main(pages):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.binary_location = os.environ.get("TELETYPE_CHROMIUM", "/usr/bin/chromium")
    service = Service(os.environ.get("TELETYPE_CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    results = {}
    try:
        for page in pages:
            driver.get("file://" + os.path.abspath(page))
            axe = Axe(driver)
            axe.inject()
            found = axe.run()
            results[page] = [
                {
                    "id": violation["id"],
                    "impact": violation.get("impact"),
                    "help": violation.get("help"),
                    "nodes": [
                        {"target": node.get("target"), "summary": node.get("failureSummary")}
                        for node in violation.get("nodes", [])[:5]
                    ],
                }
                for violation in found["violations"]
            ]
    finally:
        driver.quit()
    json.dump(results, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
