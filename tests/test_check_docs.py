"""tools/check_docs.py, the look at the built site, finds what it is there to find: a missing or
remote picture, and a blank screenshot. (The site itself is checked by tools/build_docs.sh.)"""

import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def load():
    spec = importlib.util.spec_from_file_location("check_docs", ROOT / "tools" / "check_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_missing_and_remote_pictures_are_reported(tmp_path):
    check = load()
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "there.png").write_bytes(b"\x89PNG")
    page = tmp_path / "page.html"
    page.write_text(
        '<img src="img/there.png"><img src="img/gone.png"><img src="https://example.org/x.png">'
    )
    found, problems = check.images(page)
    assert found == [(tmp_path / "img" / "there.png").resolve()]
    assert len(problems) == 2
    assert any("missing picture img/gone.png" in p for p in problems)
    assert any("network" in p for p in problems)


def test_a_blank_screenshot_has_no_ink(tmp_path):
    image = pytest.importorskip("PIL.Image")
    check = load()
    blank = tmp_path / "blank.png"
    image.new("RGB", (400, 400), "white").save(blank)
    share, colours = check.ink(blank)
    assert share == 0 and colours == 1
    page = image.new("RGB", (400, 400), "white")
    for x in range(0, 400, 8):  # some text-like marks in several colours
        page.paste((x % 255, 40, 200 - x % 200), (x, 50, x + 4, 350))
    drawn = tmp_path / "drawn.png"
    page.save(drawn)
    share, colours = check.ink(drawn)
    assert share > 0.2 and colours > 8


def test_gallery_figures_are_counted_without_thumbnails(tmp_path):
    check = load()
    images = tmp_path / "_images"
    images.mkdir()
    for name in (
        "sphx_glr_plot_maze_001.png",
        "sphx_glr_plot_maze_002.png",
        "sphx_glr_plot_maze_thumb.png",
        "sphx_glr_random_agent_thumb.png",
        "other.png",
    ):
        (images / name).write_bytes(b"\x89PNG")
    assert [p.name for p in check.gallery_figures(tmp_path)] == [
        "sphx_glr_plot_maze_001.png",
        "sphx_glr_plot_maze_002.png",
    ]
