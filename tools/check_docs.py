"""Look at the built documentation as a reader would: ``python tools/check_docs.py [HTML_DIR]``.

For the index, one user-guide page and one API page (and the gallery):

1. every ``<img>`` points at a file that exists in the build, and there is at least one picture
   where the page should have one;
2. headless Chromium (Debian's ``chromium``) renders the page to a PNG under
   ``HTML_DIR/_screenshots/``, and the screenshot is not blank: enough pixels differ from the
   background colour, and the page's pictures cover some of them.

Over every page of the site: every link to a local page finds that page, and every ``#fragment``
finds an element with that ``id`` there (the viewcode ``[docs]`` back-links included); no page
shows an empty navigation column (a section navigation or an "On this page" without a link), and
the maze figures (``AT_SIZE``) are shown at their own width, never resampled.

Exits 1 with one line per problem. Without Chromium it says so and checks the pictures only
(``--require-browser`` makes a missing browser an error, as CI wants).
"""

from __future__ import annotations

import argparse
import html.parser
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

ROOT = Path(__file__).resolve().parents[1]
# page -> the fewest pictures it must show
PAGES = {
    "index.html": 1,
    "user-guide/maze.html": 3,
    "api/generated/trapcore.cat.CatGame.html": 0,
    "auto_examples/index.html": 6,
}
#: Figures of mazes, whose one-pixel walls any resampling makes uneven: each is drawn at the size
#: the pages show it (examples/plot_maze*.py paste the mazes pixel for pixel).
AT_SIZE = ("sphx_glr_plot_maze_001.png", "sphx_glr_plot_maze_solve_001.png")
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")
#: The fewest pictures the gallery's examples must have drawn at build time (a thumbnail can be
#: sphinx-gallery's placeholder; a figure ``sphx_glr_NAME_001.png`` is what an example drew).
GALLERY_FIGURES = 6


def gallery_figures(html_dir: Path) -> list[Path]:
    """The figures the gallery's examples drew (thumbnails left out)."""
    return sorted(
        p
        for p in (html_dir / "_images").glob("sphx_glr_*.png")
        if "_thumb" not in p.name and p.stem.rsplit("_", 1)[-1].isdigit()
    )


class _Images(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            src = dict(attrs).get("src")
            if src:
                self.sources.append(src)


def images(page: Path) -> tuple[list[Path], list[str]]:
    """The local pictures a page shows, and the problems with them."""
    parser = _Images()
    parser.feed(page.read_text(encoding="utf-8"))
    found, problems = [], []
    for src in parser.sources:
        url = urlparse(src)
        if url.scheme in ("http", "https"):
            problems.append(f"{page.name}: picture from the network: {src}")
            continue
        if url.scheme == "data":
            continue
        path = (page.parent / unquote(url.path)).resolve()
        if not path.is_file() or path.stat().st_size == 0:
            problems.append(f"{page.name}: missing picture {src}")
        else:
            found.append(path)
    return found, problems


class _Anchors(html.parser.HTMLParser):
    """A page's ids, its links, and whether its navigation columns hold any link."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.empty_columns: list[str] = []
        self._open: list[tuple[str, str, int]] = []  # (tag, column name, links inside) stack

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        if tag == "a" and a.get("name"):
            self.ids.add(str(a["name"]))
        if tag == "a" and a.get("href"):
            self.hrefs.append(str(a["href"]))
            self._open = [(t, name, n + 1) for t, name, n in self._open]
        classes = str(a.get("class") or "").split()
        column = ""
        if tag == "nav" and "bd-docs-nav" in classes:
            column = "section navigation"
        elif tag == "nav" and "page-toc" in classes:
            column = "'On this page'"
        if column:
            self._open.append((tag, column, 0))
        elif self._open and tag == self._open[-1][0]:
            self._open.append((tag, "", 0))  # a nested element of the same tag

    def handle_endtag(self, tag: str) -> None:
        if self._open and tag == self._open[-1][0]:
            _tag, column, links = self._open.pop()
            if column and links == 0:
                self.empty_columns.append(column)


def link_problems(html_dir: Path) -> list[str]:
    """Every local link whose page or ``#fragment`` is missing, and every empty navigation
    column, over all the site's pages (one line each)."""
    pages: dict[Path, _Anchors] = {}
    for page in sorted(html_dir.rglob("*.html")):
        if "_screenshots" in page.parts:
            continue
        parser = _Anchors()
        parser.feed(page.read_text(encoding="utf-8", errors="replace"))
        pages[page.resolve()] = parser
    problems = []
    for page, parser in pages.items():
        name = page.relative_to(html_dir.resolve()).as_posix()
        problems += [f"{name}: an empty {column} column" for column in parser.empty_columns]
        for href in parser.hrefs:
            url = urlparse(href)
            if url.scheme or url.netloc or not (url.path.endswith(".html") or url.fragment):
                continue  # another site, mailto:, or a file (a download, a picture)
            target = (page.parent / unquote(url.path)).resolve() if url.path else page
            if target not in pages:
                if target.suffix == ".html" and not target.is_file():
                    problems.append(f"{name}: link to a missing page {href}")
                continue
            if url.fragment and unquote(url.fragment) not in pages[target].ids:
                problems.append(f"{name}: link to a missing anchor {href}")
    return problems


class _Widths(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.shown: list[tuple[str, int | None]] = []  # (src, the width asked for, px)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "img" and a.get("src"):
            found = re.search(r"(?:^|;)\s*width:\s*(\d+)px", str(a.get("style") or ""))
            width = found.group(1) if found else str(a.get("width") or "").removesuffix("px")
            self.shown.append((str(a["src"]), int(width) if width.isdigit() else None))


def resampled_figures(html_dir: Path, names: tuple[str, ...] = AT_SIZE) -> list[str]:
    """Every page that shows one of ``names`` at another width than its own."""
    from PIL import Image

    problems = []
    for page in sorted(html_dir.rglob("*.html")):
        parser = _Widths()
        parser.feed(page.read_text(encoding="utf-8", errors="replace"))
        for src, width in parser.shown:
            path = (page.parent / unquote(urlparse(src).path)).resolve()
            if path.name not in names or not path.is_file():
                continue
            with Image.open(path) as img:
                own = img.width
            if width is not None and width != own:
                rel = page.relative_to(html_dir).as_posix()
                problems.append(f"{rel}: {path.name} ({own} px wide) shown {width} px wide")
    return problems


def browser() -> str | None:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    return None


def screenshot(
    chrome: str, page: Path, out: Path, *, width: int = 1280, height: int = 2000
) -> None:
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                chrome,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--disable-dev-shm-usage",
                f"--user-data-dir={profile}",
                f"--window-size={width},{height}",
                f"--screenshot={out}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


def ink(png: Path) -> tuple[float, int]:
    """The share of pixels unlike the background (the most common colour) and the number of
    distinct colours: a blank page has almost no ink and one or two colours."""
    from PIL import Image

    with Image.open(png) as img:
        rgb = img.convert("RGB")
        small = rgb.resize((rgb.width // 4, rgb.height // 4))
    colours = small.getcolors(maxcolors=1 << 20) or []
    total = small.width * small.height
    background = max(colours)[0] if colours else total
    return 1 - background / total, len(colours)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("html", nargs="?", default=str(ROOT / "docs" / "_build" / "html"))
    ap.add_argument("--require-browser", action="store_true")
    args = ap.parse_args(argv)
    html_dir = Path(args.html).resolve()
    shots = html_dir / "_screenshots"
    shots.mkdir(exist_ok=True)
    chrome = browser()
    problems: list[str] = []
    if chrome is None:
        message = (
            "no chromium found (apt-get install chromium): pictures checked, pages not rendered"
        )
        if args.require_browser:
            problems.append(message)
        else:
            print(f"check_docs: {message}", file=sys.stderr)
    for name, fewest in PAGES.items():
        page = html_dir / name
        if not page.is_file():
            problems.append(f"{name}: not built")
            continue
        found, bad = images(page)
        problems += bad
        if len(found) < fewest:
            problems.append(f"{name}: {len(found)} pictures, expected at least {fewest}")
        if chrome is None:
            continue
        out = shots / (name.replace("/", "-").removesuffix(".html") + ".png")
        try:
            screenshot(chrome, page, out)
        except (subprocess.SubprocessError, OSError) as exc:
            problems.append(f"{name}: chromium failed: {exc}")
            continue
        share, colours = ink(out)
        if share < 0.02 or colours < 8:
            problems.append(
                f"{name}: the screenshot looks blank ({share:.1%} ink, {colours} colours)"
            )
        else:
            print(f"check_docs: {name}: {len(found)} pictures, {share:.0%} ink -> {out}")
    links = link_problems(html_dir)
    problems += links + resampled_figures(html_dir)
    if not links:
        print("check_docs: every local link and #anchor resolves; no empty navigation column")
    figures = gallery_figures(html_dir)
    if len(figures) < GALLERY_FIGURES:
        problems.append(
            f"the gallery's examples drew {len(figures)} figures, expected at least "
            f"{GALLERY_FIGURES}"
        )
    else:
        print(f"check_docs: the gallery's examples drew {len(figures)} figures")
    for line in problems:
        print(f"check_docs: {line}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
