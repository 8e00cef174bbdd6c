"""tools/check_docs.py, the look at the built site, finds what it is there to find: a missing or
remote picture, a blank screenshot, a link to a missing page or anchor, an empty navigation
column, a maze figure resampled. (The site itself is checked by tools/build_docs.sh.)"""

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


def test_links_to_missing_anchors_pages_and_empty_columns_are_reported(tmp_path):
    check = load()
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "page.html").write_text(
        '<h1 id="top">x</h1><dl><dt id="trapcore.maze.Maze">Maze</dt></dl><a name="old">'
    )
    (tmp_path / "_modules").mkdir()
    (tmp_path / "_modules" / "maze.html").write_text(
        '<a class="viewcode-back" href="../api/page.html#trapcore.maze.Maze">[docs]</a>'
        '<a href="../api/page.html#trapcore.Maze">[docs]</a>'  # the anchor is not there
        '<a href="../api/page.html#old">named</a><a href="#here">self</a><p id="here"></p>'
        '<a href="../api/gone.html">gone</a><a href="https://example.org/#x">web</a>'
        '<a href="../_downloads/x.py">a file</a>'
    )
    (tmp_path / "top.html").write_text(
        '<nav class="bd-docs-nav bd-links"><p>Section Navigation</p><div></div></nav>'
        '<nav class="page-toc"><ul><li><a href="#a">A</a></li></ul></nav><h2 id="a">A</h2>'
    )
    assert sorted(check.link_problems(tmp_path)) == [
        "_modules/maze.html: link to a missing anchor ../api/page.html#trapcore.Maze",
        "_modules/maze.html: link to a missing page ../api/gone.html",
        "top.html: an empty section navigation column",
    ]


BUILT = ROOT / "docs" / "_build" / "html"


@pytest.mark.skipif(not (BUILT / "index.html").is_file(), reason="the docs are not built")
def test_the_built_site_has_no_broken_anchor_no_empty_column_no_resampled_maze():
    pytest.importorskip("PIL")
    check = load()
    problems = check.link_problems(BUILT) + check.resampled_figures(BUILT)
    assert problems == [], "\n".join(problems[:20])


def test_a_maze_figure_shown_at_another_width_is_reported(tmp_path):
    image = pytest.importorskip("PIL.Image")
    check = load()
    (tmp_path / "_images").mkdir()
    image.new("RGB", (474, 300), "white").save(tmp_path / "_images" / "sphx_glr_plot_maze_001.png")
    (tmp_path / "a.html").write_text('<img src="_images/sphx_glr_plot_maze_001.png">')
    (tmp_path / "b.html").write_text(
        '<img src="_images/sphx_glr_plot_maze_001.png" style="width: 474px;">'
    )
    assert check.resampled_figures(tmp_path) == []
    (tmp_path / "c.html").write_text(
        '<img alt="x" src="_images/sphx_glr_plot_maze_001.png" style="height: 9px; width: 560px;">'
    )
    assert check.resampled_figures(tmp_path) == [
        "c.html: sphx_glr_plot_maze_001.png (474 px wide) shown 560 px wide"
    ]
