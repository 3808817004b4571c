"""`iconcat.snippets`: an icon as svg, data-url, jsx, tsx, vue, svelte, css, iconify, unocss, tailwind.

The components are checked by the frameworks' own tools (`tests.support.snippet_tools`: esbuild runs
the JSX and TSX, @vue/compiler-sfc and svelte/compiler parse Vue and Svelte; skipped, saying why,
without them), over a real-shaped icon and over a hostile one whose names and text try every way out
of a string, a template or the component."""

from __future__ import annotations

import re
from urllib.parse import unquote_to_bytes

import pytest

from iconcat.iconify.svg import iconify_svg
from iconcat.snippets import (
    KINDS,
    NAME_KINDS,
    SnippetError,
    SnippetIcon,
    component_name,
    data_url,
    file_name,
    snippet,
    snippets,
)
from tests.support.snippet_tools import check_with_tool

TRASH_BODY = (
    '<path fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2" '
    'd="M4 7h16m-10 4v6m4-6v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3"/>'
)
TRASH = SnippetIcon("Trash", "tabler:trash", iconify_svg(TRASH_BODY, 0, 0, 24, 24)[0])

# Every attribute spelling a framework renames, a style, a class, an xlink and a data-/aria- name.
RENAMED = SnippetIcon(
    "Gradient Box",
    "mdi:gradient-box",
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" '
    'class="icon" data-set="mdi" aria-hidden="true">'
    '<defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#f00" '
    'stop-opacity=".5"/></linearGradient><clipPath id="c"><rect width="24" height="24"/></clipPath></defs>'
    '<path id="p" fill-rule="evenodd" clip-rule="evenodd" clip-path="url(#c)" stroke-width="2" '
    'style="fill: url(#g); stroke-dasharray: 2 1; -webkit-mask: url(&quot;a;b&quot;); --tone: red" d="M1 1h22v22z"/>'
    '<use xlink:href="#p" xml:space="preserve"/><text font-family="x" text-anchor="middle">Hi</text></svg>',
)

HOSTILE_TEXT = "a\"b'c`d${e}f{{ g }}h{i}</script><script>globalThis.pwned=1</script>\u2028j&amp;k"
"""Every way out of a JavaScript string, a template literal, a Vue interpolation, a Svelte expression,
an HTML script element, a character reference; written into the SVG as XML text (`&lt;/script>`,
`&amp;amp;`), so the text the SVG means is this one."""
HOSTILE = SnippetIcon(
    'Evil"`${globalThis.pwned=1}`</script>{x}',
    None,
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="globalThis.pwned=1">'
    + "<title>"
    + HOSTILE_TEXT.replace("&amp;", "&amp;amp;").replace("<", "&lt;")
    + "</title>"
    + '<path d="M1 1" fill="{globalThis.pwned=1}" stroke="&quot; onclick=&quot;globalThis.pwned=1" '
    'class="`${globalThis.pwned=1}`" v-on:click="pwned=1" on:click="{() => pwned}" bind:this="{x}" '
    ':fill="pwned" onclick="globalThis.pwned=1" ref="r" key="k" slot="s" inkscape:label="x"/>'
    "<Component/><script>globalThis.pwned=1</script><foreignObject><div>x</div></foreignObject>"
    '<image href="https://tracker.example/x.png"/><use href="javascript:globalThis.pwned=1"/>'
    '<a xlink:href="#ok"><circle r="1"/></a>'
    "</svg>",
)


# ---------------------------------------------------------------------------------------- data URL


RAW_IN_PAYLOAD = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*+,;=:@/? ")


@pytest.mark.parametrize(
    "markup",
    [
        TRASH.markup,
        RENAMED.markup,
        HOSTILE.markup,
        '<svg xmlns="http://www.w3.org/2000/svg"><title>% #23 "q" \\ é ✓ 😀 \t\n\r &lt; { } ` </title></svg> ',
    ],
)
def test_the_data_url_decodes_to_the_same_bytes_and_escapes_only_what_it_must(markup) -> None:
    url = data_url(markup)
    assert url.startswith("data:image/svg+xml,")
    payload = url.removeprefix("data:image/svg+xml,")
    assert unquote_to_bytes(payload) == markup.encode("utf-8")
    raw = re.sub(r"%[0-9a-f]{2}", "", payload)
    assert set(raw) <= RAW_IN_PAYLOAD, "only what every place it is pasted reads as itself is left raw"
    escaped = [bytes([int(code, 16)]) for code in re.findall(r"%([0-9a-fA-F]{2})", payload)]
    # Shortest: nothing is escaped that could have stayed (a space only at the ends, which a URL
    # parser strips).
    needless = [byte for byte in escaped if byte.decode("latin-1") in RAW_IN_PAYLOAD - {" "}]
    assert needless == []
    assert not payload.endswith(" ") and not payload.startswith(" ")
    for breaking in ('"', "#", "<", ">", "&", "\\", "{", "}", "`", "\n"):
        assert breaking not in payload


def test_the_svg_and_data_url_kinds_are_the_markup_itself() -> None:
    assert snippet("svg", TRASH) == TRASH.markup + "\n"
    assert unquote_to_bytes(snippet("data-url", TRASH).partition(",")[2]) == snippet("svg", TRASH).strip().encode()


def test_an_svg_without_its_namespace_gets_it_so_a_browser_shows_it_as_an_image() -> None:
    bare = SnippetIcon("Bare", None, '\ufeff <svg viewBox="0 0 24 24" data-x="a>b"><path d="M1 1"/></svg>\n')
    fixed = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" data-x="a>b"><path d="M1 1"/></svg>'
    assert snippet("svg", bare) == fixed + "\n"
    assert unquote_to_bytes(snippet("data-url", bare).partition(",")[2]) == fixed.encode()
    assert "xmlns=%22http://www.w3.org/2000/svg%22" in snippet("css", bare)


# -------------------------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("icon", "component", "files"),
    [
        (TRASH, "TablerTrash", {"tsx": "TablerTrash.tsx", "vue": "TablerTrash.vue", "css": "tabler-trash.css"}),
        (SnippetIcon("1", "mdi:numeric-1-box"), "MdiNumeric1Box", {"svelte": "MdiNumeric1Box.svelte"}),
        (SnippetIcon("3D Cube", None), "Icon3DCube", {"jsx": "Icon3DCube.jsx", "svg": "3d-cube.svg"}),
        (HOSTILE, "EvilGlobalThisPwned1ScriptX", {"tsx": "EvilGlobalThisPwned1ScriptX.tsx"}),
        (SnippetIcon("☃ ", None), "Icon", {"jsx": "Icon.jsx", "css": "icon.css"}),
    ],
)
def test_components_are_named_in_pascal_case_and_always_a_valid_identifier(icon, component, files) -> None:
    assert component_name(icon) == component
    assert re.fullmatch(r"[A-Z][A-Za-z0-9]*", component)
    assert {kind: file_name(kind, icon) for kind in files} == files


def test_name_kinds_are_the_iconify_names_spellings_and_need_one() -> None:
    assert [snippet(kind, TRASH) for kind in ("iconify", "unocss", "tailwind")] == [
        "tabler:trash",
        "i-tabler-trash",
        "icon-[tabler--trash]",
    ]
    for kind in sorted(NAME_KINDS):
        with pytest.raises(SnippetError, match="has no Iconify name, so it has no"):
            snippet(kind, SnippetIcon("Arrow", None, TRASH.markup))
    with pytest.raises(SnippetError, match="Arrow has no SVG"):
        snippet("jsx", SnippetIcon("Arrow", "x:arrow"))
    with pytest.raises(SnippetError, match="text, not a file"):
        file_name("unocss", TRASH)


def test_several_icons_are_one_snippet_each_blank_line_separated() -> None:
    two = snippets("jsx", [TRASH, RENAMED])
    assert two == snippet("jsx", TRASH) + "\n" + snippet("jsx", RENAMED)
    assert two.count("export default function") == 2
    assert snippets("unocss", [TRASH, RENAMED]) == "i-tabler-trash\ni-mdi-gradient-box"


# ---------------------------------------------------------------------------------------------- CSS


def css_rules(sheet: str) -> list[tuple[str, dict[str, str]]]:
    """A stylesheet's rules as (selector, declarations), read structurally (no CSS parser is at hand):
    every brace balanced, every declaration `name: value;` on a line of its own."""
    assert sheet.count("{") == sheet.count("}")
    rules = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", sheet):
        declarations = {}
        for line in filter(None, (line.strip() for line in body.splitlines())):
            name, colon, value = line.partition(":")
            assert colon and value.endswith(";"), line
            declarations[name.strip()] = value.strip().removesuffix(";")
        rules.append((" ".join(selector.split()), declarations))
    return rules


def test_the_css_kind_is_a_mask_class_painted_in_current_colour() -> None:
    ((selector, declared),) = css_rules(snippet("css", TRASH))
    assert selector == ".icon--tabler--trash"
    assert declared["background-color"] == "currentColor"
    assert (declared["width"], declared["height"]) == ("1em", "1em")
    assert declared["mask-image"] == declared["-webkit-mask-image"] == "var(--svg)"
    image = re.fullmatch(r'url\("(data:image/svg\+xml,[^"\\]*)"\)', declared["--svg"])
    assert image is not None
    assert unquote_to_bytes(image.group(1).partition(",")[2]) == TRASH.markup.encode()


def test_several_icons_are_one_stylesheet_and_a_wide_icon_is_wider() -> None:
    wide = SnippetIcon("Wide", "mdi:wide", iconify_svg(TRASH_BODY, 0, 0, 36, 24)[0])
    rules = css_rules(snippets("css", [TRASH, wide]))
    assert [selector for selector, _ in rules] == [
        ".icon--tabler--trash, .icon--mdi--wide",
        ".icon--tabler--trash",
        ".icon--mdi--wide",
    ]
    assert rules[0][1]["background-color"] == "currentColor" and rules[0][1]["width"] == "1em"
    assert "width" not in rules[1][1] and rules[2][1]["width"] == "1.5em"
    assert all("--svg" in declared for _, declared in rules[1:])


def test_hostile_markup_cannot_leave_the_css_string() -> None:
    ((_, declared),) = css_rules(snippet("css", HOSTILE))
    assert re.fullmatch(r'url\("data:image/svg\+xml,[^"\\<>{}\n]*"\)', declared["--svg"])


def test_the_stylesheet_parses_as_css_to_the_same_rules() -> None:
    wide = SnippetIcon("Wide", "mdi:wide", iconify_svg(TRASH_BODY, 0, 0, 36, 24)[0])
    for icons in ([TRASH], [TRASH, wide, HOSTILE]):
        sheet = snippets("css", icons)
        parsed = check_with_tool("css", sheet)
        assert parsed["others"] == []
        assert [(", ".join(rule["selectors"]), rule["declarations"]) for rule in parsed["rules"]] == css_rules(sheet)


# ----------------------------------------------------------------------------------- JSX and TSX


def elements(tree: dict) -> list[tuple[str, dict]]:
    """Every (type, props) of the element tree the JSX made, depth first."""
    found = [(tree["type"], tree["props"])]
    for child in tree["children"]:
        if isinstance(child, dict):
            found.extend(elements(child))
    return found


def texts(tree: dict) -> list[str]:
    """Every text child of the element tree the JSX made."""
    found: list[str] = []
    for child in tree["children"]:
        found.extend(texts(child) if isinstance(child, dict) else [child])
    return found


@pytest.mark.parametrize("kind", ["jsx", "tsx"])
def test_jsx_names_attributes_as_react_does_checked_by_running_it(kind) -> None:
    source = snippet(kind, RENAMED)
    assert not re.search(r"\sclass=", source) and "stroke-width" not in source
    made = check_with_tool(kind, source)
    assert made["name"] == "MdiGradientBox" and made["exports"] == ["default"]
    found = elements(made["tree"])
    names = {name for _, props in found for name in props}
    assert {"strokeWidth", "fillRule", "clipRule", "clipPath", "stopColor", "stopOpacity", "xlinkHref"} <= names
    assert {"xmlnsXlink", "xmlSpace", "gradientUnits", "fontFamily", "textAnchor", "className"} <= names
    assert {"data-set", "aria-hidden"} <= names
    hyphenated = {name for name in names if "-" in name or ":" in name}
    assert hyphenated == {"data-set", "aria-hidden"}
    assert "class" not in names
    (style,) = [props["style"] for _, props in found if "style" in props]
    assert style == {"fill": "url(#g)", "strokeDasharray": "2 1", "WebkitMask": 'url("a;b")', "--tone": "red"}
    root = found[0][1]
    assert root["className"] == "from-props", "the props are spread on the <svg>, after its own"


@pytest.mark.parametrize("kind", ["jsx", "tsx"])
def test_a_hostile_svg_stays_markup_in_jsx(kind) -> None:
    source = snippet(kind, HOSTILE)
    assert "</script" not in source and "\u2028" not in source
    made = check_with_tool(kind, source)
    assert made["ran"] == [], "nothing of the SVG ran"
    assert made["exports"] == ["default"] and made["name"] == "EvilGlobalThisPwned1ScriptX"
    found = elements(made["tree"])
    assert [kind for kind, _ in found] == ["svg", "title", "path", "a", "circle"]
    assert texts(made["tree"]) == [HOSTILE_TEXT]
    path = found[2][1]
    assert path["fill"] == "{globalThis.pwned=1}" and path["className"] == "`${globalThis.pwned=1}`"
    assert path["stroke"] == '" onclick="globalThis.pwned=1'
    assert set(path) == {"d", "fill", "stroke", "className"}
    assert found[3][1] == {"xlinkHref": "#ok"}
    assert "onLoad" not in found[0][1] and "onload" not in found[0][1]


# --------------------------------------------------------------------------------------- Vue, Svelte


def test_vue_keeps_svg_spelling_and_is_a_named_single_file_component() -> None:
    source = snippet("vue", RENAMED)
    made = check_with_tool("vue", source)
    assert made["errors"] == [] and made["interpolations"] == 0 and made["directives"] == []
    assert made["elements"][0] == "svg" and "use" in made["elements"]
    assert 'name: "MdiGradientBox"' in made["script"]
    assert 'stroke-width="2"' in source and 'xlink:href="#p"' in source
    assert "stroke-width" in made["code"] and "xlink:href" in made["code"] and "strokeWidth" not in made["code"]


def test_a_hostile_svg_stays_markup_in_vue() -> None:
    made = check_with_tool("vue", snippet("vue", HOSTILE))
    assert made["errors"] == []
    assert made["interpolations"] == 0 and made["directives"] == [], "no {{ }} and no v-/:/@ attribute"
    assert made["elements"] == ["svg", "title", "path", "a", "circle"]
    assert "_ctx." not in made["code"], "the render function reads nothing of the component"
    assert "_toDisplayString" not in made["code"]
    assert "pwned=1}" in made["code"] and "onclick" not in made["code"].replace('onclick=\\"', "")


def test_svelte_spreads_its_props_and_keeps_svg_spelling() -> None:
    source = snippet("svelte", RENAMED)
    made = check_with_tool("svelte", source)
    assert made["expressions"] == 0 and made["spreads"] == 1 and made["directives"] == []
    assert made["elements"][0] == "svg" and made["warnings"] == []
    assert 'stroke-width="2"' in source and 'xlink:href="#p"' in source


def test_a_hostile_svg_stays_markup_in_svelte() -> None:
    made = check_with_tool("svelte", snippet("svelte", HOSTILE))
    assert made["expressions"] == 0 and made["spreads"] == 1 and made["directives"] == []
    assert made["elements"] == ["svg", "title", "path", "a", "circle"]


# -------------------------------------------------------------------------------------------- input


@pytest.mark.parametrize(
    ("markup", "words"),
    [
        ('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg><title>&a;</title></svg>', "DOCTYPE"),
        ("<svg><path></svg>", "not well-formed XML"),
        ("<html><body/></html>", "no <svg> element"),
    ],
)
def test_markup_that_is_no_svg_is_said_in_one_line(markup, words) -> None:
    for kind in ("jsx", "vue", "svelte"):
        with pytest.raises(SnippetError, match=words):
            snippet(kind, SnippetIcon("Bad", None, markup))


def test_every_kind_is_made_of_a_real_shaped_icon() -> None:
    made = {kind: snippet(kind, TRASH) for kind in KINDS}
    assert all(made.values())
    assert made["jsx"].startswith("export default function TablerTrash(props) {")
    assert made["tsx"].startswith('import type { SVGProps } from "react";')


# -------------------------------------------------------------------------------------- real icons


@pytest.mark.parametrize("kind", ["jsx", "vue", "svelte"])
def test_real_icons_make_components_their_tools_accept(kind) -> None:
    from tests.support.snippet_tools import check_many_with_tool, pinned_icons

    icons = [SnippetIcon(name, name, svg) for name, svg in pinned_icons()]
    assert len(icons) > 100
    answers = check_many_with_tool(kind, [snippet(kind, icon) for icon in icons])
    refused = [(icon.iconify, answer) for icon, answer in zip(icons, answers, strict=True) if "refused" in answer]
    assert refused == []
    for icon, answer in zip(icons, answers, strict=True):
        if kind == "jsx":
            names = {name for _, props in elements(answer["tree"]) for name in props}
            assert not {name for name in names if "-" in name or ":" in name or name == "class"}, icon.iconify
        elif kind == "vue":
            assert answer["errors"] == [] and answer["interpolations"] == 0, icon.iconify
        else:
            assert answer["expressions"] == 0 and answer["warnings"] == [], icon.iconify
    for icon in icons:
        assert icon.markup is not None
        assert unquote_to_bytes(data_url(icon.markup).partition(",")[2]) == icon.markup.encode()


def test_a_style_element_is_kept_where_each_framework_takes_it() -> None:
    styled = SnippetIcon(
        "Styled",
        "x:styled",
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><style>.a{fill:red}</style>'
        '<path class="a" d="M1 1"/></svg>',
    )
    vue = check_with_tool("vue", snippet("vue", styled))
    assert vue["errors"] == [] and '_resolveDynamicComponent("style")' in vue["code"] and ".a{fill:red}" in vue["code"]
    svelte = check_with_tool("svelte", snippet("svelte", styled))
    assert svelte["elements"] == ["svg", "style", "path"] and svelte["expressions"] == 0
    jsx = check_with_tool("jsx", snippet("jsx", styled))
    assert elements(jsx["tree"])[1] == ("style", {}) and texts(jsx["tree"]) == [".a{fill:red}"]
