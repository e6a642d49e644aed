"""Headless Chromium from Debian's packages, driven by Selenium, for the display's tests
and its screenshots. Started with no network chatter of its own."""

from __future__ import annotations

import shutil
from pathlib import Path

FLAGS = (
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--hide-scrollbars",
)  # fmt: skip
PHONE = (390, 844)
TABLET = (820, 1180)


def chromium_paths() -> tuple[str, str] | None:
    """Chromium and its driver, or None where they are not installed."""
    browser, driver = shutil.which("chromium"), shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


def settled(driver, seconds: float):
    """A wait that reads the page again when it redrew under the reader: the display
    replaces its elements on every event, so an element found a moment ago may be gone."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,))


def open_chromium(profile: Path, size: tuple[int, int] = PHONE):
    """A headless Chromium window of ``size`` (requires :func:`chromium_paths`)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    paths = chromium_paths()
    assert paths is not None, "chromium and chromedriver are needed"
    options = webdriver.ChromeOptions()
    options.binary_location = paths[0]
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(paths[1]), options=options)
    driver.set_window_size(*size)
    return driver
