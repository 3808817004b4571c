"""Build the tags and categories iconcat ships (`src/iconcat/iconify/data/`) from the icon packages'
own metadata, joined to Iconify names by (prefix, base name).

    python scripts/build_tags.py [--iconify-json DIR] [--out src/iconcat/iconify/data]

Each package is fetched at the version pinned in `PACKAGES` with `npm pack` into a temporary folder
(node and npm must be on the PATH; Phosphor's metadata is a JavaScript module, read by node). The
@iconify/json sets (`DIR/<prefix>.json`, default the `json/` folder of an unpacked @iconify/json, else
`npm pack @iconify/json@ICONIFY_JSON`) are read to check the joins, to join emojilib to the emoji sets
by code point (their `chars`) and to learn which sets have no categories of their own.

Written, each file whole or not at all: `tags.json.gz` (see `iconcat.iconify.tags` for its shape),
`tags.version.json` (its digests, read without the data) and `notices/<package>.txt`, each
package's LICENSE as it ships. Prints, per set, how many of its icons
have tags. Real packages come in here only: tests read the shipped file.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "iconcat" / "iconify" / "data"
ICONIFY_JSON = "2.2.535"
"""The @iconify/json the joins were checked against, when no `--iconify-json` folder is given."""
LOCAL_ICONIFY_JSON = Path("/work/data/iconify-json/package/json")
FORMAT = 1


@dataclass(frozen=True)
class Package:
    """One npm package whose metadata gives tags, at a pinned version."""

    name: str
    version: str
    license: str
    """The package's licence (its package.json)."""
    data_license: str
    """The licence its LICENSE gives the metadata file read here."""
    license_file: str
    data_files: tuple[str, ...]

    @property
    def notice(self) -> str:
        return "notices/" + self.name.lstrip("@").replace("/", "-") + ".txt"


PACKAGES = (
    Package("lucide-static", "1.62.0", "ISC", "ISC", "LICENSE", ("tags.json",)),
    Package("@tabler/icons", "3.52.0", "MIT", "MIT", "LICENSE", ("icons.json",)),
    Package("@phosphor-icons/core", "2.1.1", "MIT", "MIT", "LICENSE", ("dist/index.mjs",)),
    # icon-families.json carries the same search terms as metadata/icons.yml (all 1,992 icons checked
    # equal for 7.3.1) in JSON, so the build needs no YAML reader.
    Package(
        "@fortawesome/fontawesome-free",
        "7.3.1",
        "CC-BY-4.0 AND OFL-1.1 AND MIT",
        "MIT (all non-font and non-icon files)",
        "LICENSE.txt",
        ("metadata/icon-families.json",),
    ),
    Package("@mdi/svg", "7.4.47", "Apache-2.0", "MIT (all non-font and non-icon files)", "LICENSE", ("meta.json",)),
    Package("ionicons", "8.1.0", "MIT", "MIT", "LICENSE", ("dist/ionicons.json",)),
    Package("@primer/octicons", "19.42.0", "MIT", "MIT", "LICENSE", ("build/data.json",)),
    Package("emojilib", "4.0.3", "MIT", "MIT", "LICENSE", ("dist/emoji-en-US.json",)),
)

SKIN_TONES = tuple(f"{tone}-skin-tone" for tone in ("medium-light", "medium-dark", "light", "medium", "dark"))
"""The emoji sets' skin-tone suffixes (longest first): a toned emoji has its base emoji's keywords."""
FLUENT_TONES = ("medium-light", "medium-dark", "light", "medium", "dark")
NUMBERED_TONES = tuple(f"tone{number}" for number in range(1, 6))
_TONE_INSIDE = re.compile(r"-(?:medium-light|medium-dark|light|medium|dark)-skin-tone(?=-)")
"""A skin tone inside an emoji's name (`person-medium-skin-tone-bald`, `man-light-skin-tone-beard`)."""

FAMILIES: dict[str, dict[str, tuple[str, ...]]] = {
    # family → {Iconify prefix: its style suffixes, carried to the base name's tags}
    "lucide": {"lucide": ()},
    "tabler": {"tabler": ("filled",)},
    "ph": {"ph": ("thin", "light", "bold", "fill", "duotone")},
    "fa": {
        "fa7-solid": (),
        "fa7-regular": (),
        "fa7-brands": (),
        "fa6-solid": (),
        "fa6-regular": (),
        "fa6-brands": (),
        "fa-solid": (),
        "fa-regular": (),
        "fa-brands": (),
        "fa": ("o",),
    },
    "mdi": {"mdi": ("outline",), "mdi-light": ("outline",)},
    "ion": {"ion": ("outline", "sharp")},
    # Octicons' sizes, and `-fill` (`person-fill-16` is `person` filled, at 16 px).
    "octicon": {"octicon": ("12", "16", "24", "48", "96", "fill")},
    "emoji": {
        **dict.fromkeys(("noto", "noto-v1", "twemoji", "openmoji", "emojione-v1", "fxemoji"), SKIN_TONES),
        # Fluent names a tone by its shade alone (`artist-medium-light`), EmojiOne by number (`-tone2`),
        # Streamline numbers its versions of one emoji (`pizza-1`, `pizza-2`).
        **dict.fromkeys(("fluent-emoji", "fluent-emoji-flat", "fluent-emoji-high-contrast"), FLUENT_TONES),
        **dict.fromkeys(("emojione", "emojione-monotone"), (*SKIN_TONES, *NUMBERED_TONES)),
        "streamline-emojis": ("1", "2", "3", "4"),
    },
}

MAX_STYLE_SUFFIXES = 2
"""How many style suffixes the loader takes off one name (`person-fill-16`; two skin tones)."""
MAX_TAG_WORDS = 4
MAX_TAG_LENGTH = 40
_TAG = re.compile(r"[^\W_][\w'&.+/ ]*", re.UNICODE)
_SPACES = re.compile(r"[\s_\-]+")


def fetch(package: Package, into: Path) -> Path:
    """The package unpacked under `into` (its `package/` folder)."""
    folder = into / package.notice.removeprefix("notices/").removesuffix(".txt")
    folder.mkdir()
    subprocess.run(
        ["npm", "pack", f"{package.name}@{package.version}", "--silent", "--pack-destination", str(folder)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    (tarball,) = folder.glob("*.tgz")
    with tarfile.open(tarball) as archive:
        archive.extractall(folder, filter="data")
    return folder / "package"


def tag_words(tag: object, name_words: frozenset[str]) -> str | None:
    """A package's tag as iconcat keeps it: lower case, words split by single spaces (hyphens and
    underscores too: the search splits a query there), or None when it adds nothing (empty, no word,
    too long, a marker such as Phosphor's `*new*`, or only words of the name itself)."""
    if not isinstance(tag, str):
        return None
    text = _SPACES.sub(" ", tag.strip().lower()).strip()
    if not text or len(text) > MAX_TAG_LENGTH or not _TAG.fullmatch(text):
        return None
    words = text.split(" ")
    if len(words) > MAX_TAG_WORDS or set(words) <= name_words:
        return None
    return text


def clean(name: str, tags: Iterable[object]) -> list[str]:
    """`tags` of the icon `name` kept (see `tag_words`), each once, in the package's order."""
    name_words = frozenset(name.split("-"))
    kept: dict[str, None] = {}
    for tag in tags:
        word = tag_words(tag, name_words)
        if word is not None:
            kept.setdefault(word)
    return list(kept)


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


# Each reader: the package's folder → ({base name: tags}, {base name: category}, {old name: name}).
Read = tuple[dict[str, list[str]], dict[str, str], dict[str, str]]


def read_lucide(folder: Path) -> Read:
    data = read_json(folder / "tags.json")
    return {name: clean(name, tags) for name, tags in data.items()}, {}, {}


def read_tabler(folder: Path) -> Read:
    data = read_json(folder / "icons.json")
    tags = {name: clean(name, entry.get("tags", ())) for name, entry in data.items()}
    categories = {name: entry["category"] for name, entry in data.items() if entry.get("category")}
    return tags, categories, {}


def read_phosphor(folder: Path) -> Read:
    module = (folder / "dist" / "index.mjs").as_uri()
    script = f"import {{ icons }} from {json.dumps(module)}; process.stdout.write(JSON.stringify(icons));"
    icons = json.loads(
        subprocess.run(["node", "--input-type=module", "-e", script], check=True, capture_output=True).stdout
    )
    tags = {icon["name"]: clean(icon["name"], icon.get("tags", ())) for icon in icons}
    # `figma_category` is the one category Phosphor files each icon under; `categories` lists several.
    categories = {
        icon["name"]: _title(icon.get("figma_category") or (icon.get("categories") or [""])[0]) for icon in icons
    }
    return tags, {name: category for name, category in categories.items() if category}, {}


def _title(category: str) -> str:
    return " ".join(word if word == "&" else word.capitalize() for word in category.split())


def read_fontawesome(folder: Path) -> Read:
    data = read_json(folder / "metadata" / "icon-families.json")
    tags = {name: clean(name, (entry.get("search") or {}).get("terms") or ()) for name, entry in data.items()}
    renames = {
        old: name
        for name, entry in data.items()
        for old in ((entry.get("aliases") or {}).get("names") or ())
        if old not in data
    }
    return tags, {}, renames


def read_mdi(folder: Path) -> Read:
    # meta.json's `tags` are MDI's categories ("Home Automation"), which mdi.json already carries as
    # its own: only the aliases ("trash", "rubbish-bin") become tags.
    data = read_json(folder / "meta.json")
    return {icon["name"]: clean(icon["name"], icon.get("aliases", ())) for icon in data}, {}, {}


def read_ionicons(folder: Path) -> Read:
    data = read_json(folder / "dist" / "ionicons.json")
    return {icon["name"]: clean(icon["name"], icon.get("tags", ())) for icon in data["icons"]}, {}, {}


def read_octicons(folder: Path) -> Read:
    data = read_json(folder / "build" / "data.json")
    return {name: clean(name, entry.get("keywords", ())) for name, entry in data.items()}, {}, {}


READERS = {
    "lucide-static": ("lucide", read_lucide),
    "@tabler/icons": ("tabler", read_tabler),
    "@phosphor-icons/core": ("ph", read_phosphor),
    "@fortawesome/fontawesome-free": ("fa", read_fontawesome),
    "@mdi/svg": ("mdi", read_mdi),
    "ionicons": ("ion", read_ionicons),
    "@primer/octicons": ("octicon", read_octicons),
}


def fold_styles(tags: dict[str, list[str]], suffixes: Iterable[str]) -> dict[str, list[str]]:
    """A styled name the package lists on its own (MDI's `delete-outline`, Ionicons' `add-outline`) is
    kept only when it adds to its base's tags, with the base's tags first; its tags lose the style
    word ("trash outline" → "trash"). The loader carries a base's tags to the styles left out."""
    folded: dict[str, list[str]] = {}
    styled: list[tuple[str, str, str]] = []
    for name in tags:
        for suffix in suffixes:
            base = name.removesuffix("-" + suffix)
            if base != name and base in tags:
                styled.append((name, base, suffix))
                break
        else:
            folded[name] = tags[name]
    for name, base, suffix in styled:
        own = clean(base, (tag.removesuffix(" " + suffix) for tag in tags[name]))
        extra = [tag for tag in own if tag not in folded[base]]
        if extra:
            folded[name] = folded[base] + extra
    return folded


def emoji_key(code_points: str) -> str:
    """A `chars` key or an emoji's text as hex code points joined by hyphens, without U+FE0F."""
    return "-".join(part for part in code_points.split("-") if part and part != "fe0f")


def read_emoji(folder: Path, iconify: Mapping[str, Mapping[str, Any]]) -> tuple[dict[str, list[str]], int]:
    """emojilib's keywords by Iconify emoji name: by code point through the sets' `chars`, else by its
    own name for the emoji (`grinning_face` → `grinning-face`), which the emoji sets mostly share.
    Also how many names two sets give different emoji (their keywords are joined)."""
    data = read_json(folder / "dist" / "emoji-en-US.json")
    by_key = {emoji_key("-".join(f"{ord(c):x}" for c in char)): keywords for char, keywords in data.items()}
    names: dict[str, list[str]] = {}
    claimed: dict[str, str] = {}
    clashes = 0
    for prefix in FAMILIES["emoji"]:
        for code_points, name in (iconify.get(prefix, {}).get("chars") or {}).items():
            keywords = by_key.get(emoji_key(code_points))
            if keywords is None:
                continue
            key = emoji_key(code_points)
            if claimed.setdefault(name, key) != key:
                clashes += 1
            names[name] = clean(name, [*names.get(name, ()), *keywords])
    for keywords in data.values():
        name = _SPACES.sub("-", keywords[0].lower()).strip("-")
        if name not in names:
            names[name] = clean(name, keywords)
    return names, clashes


def resolve(name: str, tags: Mapping[str, Any], suffixes: Iterable[str], renames: Mapping[str, str]) -> Any | None:
    """What `iconcat.iconify.tags` does with the shipped file, for the build's counts: the name, else
    its old name's successor, else the same for its base without a style suffix, twice at most."""
    for _ in range(MAX_STYLE_SUFFIXES + 1):
        if name not in tags:
            name = renames.get(name, name)
        found = tags.get(name)
        if found is not None:
            return found
        for suffix in suffixes:
            base = name.removesuffix("-" + suffix)
            if base != name:
                name = base
                break
        else:
            return None
    return None


def _emoji_candidates(name: str, compact: Mapping[str, str]) -> Iterator[str]:
    untoned = _TONE_INSIDE.sub("", name)
    yield untoned
    for spelling in (name, untoned):
        found = compact.get(spelling.replace("-", ""))
        if found is not None:
            yield found


def _ionicons_candidates(name: str, compact: Mapping[str, str]) -> Iterator[str]:
    # Ionicons 2-4's names, which @iconify/json keeps: `ios-alarm`, `md-disc`, `social-github`.
    for platform in ("ios-", "md-"):
        if name.startswith(platform):
            yield name.removeprefix(platform)
    if name.startswith("social-"):
        yield "logo-" + name.removeprefix("social-")


def _no_candidates(name: str, compact: Mapping[str, str]) -> Iterator[str]:
    return iter(())


CANDIDATES: dict[str, Callable[[str, Mapping[str, str]], Iterator[str]]] = {
    "emoji": _emoji_candidates,
    "ion": _ionicons_candidates,
}
"""Per family, the package names an Iconify name the loader's rule does not join may be spelt as."""


def join_old_names(
    family: str, tags: Mapping[str, list[str]], renames: dict[str, str], iconify: Mapping[str, Mapping[str, Any]]
) -> None:
    """Add to `renames` the Iconify names of the family's sets that the loader's rule leaves without
    tags but one of `CANDIDATES` joins (FxEmoji's `alienmonster`, Noto's `man-light-skin-tone-beard`),
    and the sets' plain aliases, to their parents."""
    candidates = CANDIDATES.get(family, _no_candidates)
    compact = {name.replace("-", ""): name for name in tags}
    for prefix, suffixes in FAMILIES[family].items():
        data = iconify.get(prefix) or {}
        for name in data.get("icons") or {}:
            if resolve(name, tags, suffixes, renames):
                continue
            for candidate in candidates(name, compact):
                if candidate != name and resolve(candidate, tags, suffixes, renames):
                    renames[name] = candidate
                    break
        # A plain alias (its parent's glyph, unturned) has its parent's tags: Lucide's `trash-2`.
        for name, alias in (data.get("aliases") or {}).items():
            parent = alias.get("parent") if isinstance(alias, dict) and len(alias) == 1 else None
            if not isinstance(parent, str):
                continue
            if resolve(parent, tags, suffixes, renames) and not resolve(name, tags, suffixes, renames):
                renames[name] = parent


def iconify_version(folder: Path) -> str:
    """The version of the @iconify/json whose `json/` folder is `folder`, from its package.json."""
    try:
        return f"@iconify/json {read_json(folder.parent / 'package.json')['version']}"
    except (OSError, ValueError, KeyError, TypeError):
        return f"the sets in {folder}"


def load_iconify(folder: Path | None, into: Path) -> tuple[dict[str, dict[str, Any]], str]:
    """The family's sets of @iconify/json by prefix, and which @iconify/json it is."""
    if folder is None:
        if LOCAL_ICONIFY_JSON.is_dir():
            folder = LOCAL_ICONIFY_JSON
        else:
            folder = fetch(Package("@iconify/json", ICONIFY_JSON, "", "", "", ()), into) / "json"
    sets: dict[str, dict[str, Any]] = {}
    for prefixes in FAMILIES.values():
        for prefix in prefixes:
            path = folder / f"{prefix}.json"
            if path.is_file():
                sets[prefix] = read_json(path)
            else:
                print(f"{path}: not found; the {prefix} join goes unchecked", file=sys.stderr)
    return sets, iconify_version(folder)


def build(iconify_folder: Path | None, out: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="iconcat-tags-") as temp:
        into = Path(temp)
        folders = {package.name: fetch(package, into) for package in PACKAGES}
        iconify, checked_against = load_iconify(iconify_folder, into)
        families: dict[str, tuple[dict[str, list[str]], dict[str, str], dict[str, str]]] = {}
        for package_name, (family, reader) in READERS.items():
            tags, categories, renames = reader(folders[package_name])
            suffixes = {suffix for prefix in FAMILIES[family].values() for suffix in prefix}
            families[family] = (fold_styles(tags, sorted(suffixes, key=len, reverse=True)), categories, renames)
        emoji, clashes = read_emoji(folders["emojilib"], iconify)
        families["emoji"] = (emoji, {}, {})
        for family in families:
            join_old_names(family, families[family][0], families[family][2], iconify)
        notices = {
            package.notice: (folders[package.name] / package.license_file).read_text(encoding="utf-8")
            for package in PACKAGES
        }

    # Categories only for the sets that have none of their own in @iconify/json (Tabler, Phosphor).
    for family, (tags, categories, renames) in families.items():
        if categories and any(iconify.get(prefix, {}).get("categories") for prefix in FAMILIES[family]):
            families[family] = (tags, {}, renames)

    words = sorted({tag for tags, _, _ in families.values() for listed in tags.values() for tag in listed})
    index = {word: position for position, word in enumerate(words)}
    # Each distinct list of tags once (a glyph's styles, Font Awesome's families, an emoji's spellings
    # share one), names pointing at it: the loader makes one tuple a list.
    lists = sorted(
        {tuple(index[tag] for tag in listed) for tags, _, _ in families.values() for listed in tags.values() if listed}
    )
    list_index = {listed: position for position, listed in enumerate(lists)}
    category_names = sorted({c for _, categories, _ in families.values() for c in categories.values()})
    category_index = {name: position for position, name in enumerate(category_names)}
    content: dict[str, Any] = {
        "format": FORMAT,
        "packages": [
            {
                "name": package.name,
                "version": package.version,
                "license": package.license,
                "data_license": package.data_license,
                "files": list(package.data_files),
                "notice": package.notice,
            }
            for package in PACKAGES
        ],
        "checked_against": checked_against,
        "words": words,
        "lists": [list(listed) for listed in lists],
        "categories": category_names,
        "families": {
            family: {
                "tags": {
                    name: list_index[tuple(index[tag] for tag in listed)]
                    for name, listed in sorted(tags.items())
                    if listed
                },
                "categories": {name: category_index[c] for name, c in sorted(categories.items())},
                "renames": dict(sorted(renames.items())),
            }
            for family, (tags, categories, renames) in families.items()
        },
        "prefixes": {
            prefix: {"family": family, "suffixes": sorted(suffixes, key=len, reverse=True)}
            for family, prefixes in FAMILIES.items()
            for prefix, suffixes in prefixes.items()
        },
    }
    canonical = json.dumps(content, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    content["version"] = hashlib.sha256(canonical).hexdigest()[:16]
    # What a set's records carry (categories, and the rule that joins them): a change here re-reads
    # those sets; a change of tags alone recomputes the search only.
    categorised = {family for family, body in content["families"].items() if body["categories"]}
    categorised_prefixes = sorted(p for p, rule in content["prefixes"].items() if rule["family"] in categorised)
    categories_canonical = json.dumps(
        [
            category_names,
            {
                family: [content["families"][family]["categories"], content["families"][family]["renames"]]
                for family in categorised
            },
            {prefix: content["prefixes"][prefix] for prefix in categorised_prefixes},
        ],
        sort_keys=True,
    ).encode()
    content["categories_version"] = hashlib.sha256(categories_canonical).hexdigest()[:16]
    versions = {
        "version": content["version"],
        "categories_version": content["categories_version"],
        "categorised_prefixes": categorised_prefixes,
    }
    payload = gzip.compress(
        json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode(), compresslevel=9, mtime=0
    )

    out.mkdir(parents=True, exist_ok=True)
    (out / "notices").mkdir(exist_ok=True)
    for relative, text in notices.items():
        _write_whole(out / relative, text.encode("utf-8"))
    _write_whole(out / "tags.json.gz", payload)
    _write_whole(out / "tags.version.json", (json.dumps(versions, indent=1) + "\n").encode())
    report(content, iconify, clashes, len(payload))


def _write_whole(path: Path, data: bytes) -> None:
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(data)
    partial.replace(path)


def report(content: Mapping[str, Any], iconify: Mapping[str, Mapping[str, Any]], clashes: int, size: int) -> None:
    """Per set: icons, icons with tags, tags per tagged icon; then the file's size."""
    print(f"tags.json.gz: {size:,} bytes, {len(content['words']):,} words, version {content['version']}")
    print(f"emoji names that two sets give different emoji (keywords joined): {clashes}")
    print(f"{'set':28} {'icons':>7} {'tagged':>7} {'share':>6} {'tags/icon':>9} {'category':>8}")
    for prefix, rule in content["prefixes"].items():
        data = iconify.get(prefix)
        if data is None:
            continue
        family = content["families"][rule["family"]]
        icons = list(data.get("icons") or {})
        found = [resolve(name, family["tags"], rule["suffixes"], family["renames"]) for name in icons]
        tagged = [content["lists"][listed] for listed in found if listed is not None]
        with_category = sum(
            1 for name in icons if resolve(name, family["categories"], rule["suffixes"], family["renames"]) is not None
        )
        per_icon = sum(map(len, tagged)) / len(tagged) if tagged else 0
        share = len(tagged) / len(icons) if icons else 0
        print(f"{prefix:28} {len(icons):7,} {len(tagged):7,} {share:6.0%} {per_icon:9.1f} {with_category:8,}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iconify-json", type=Path, help="the json/ folder of an unpacked @iconify/json")
    parser.add_argument("--out", type=Path, default=OUT)
    arguments = parser.parse_args(argv)
    try:
        build(arguments.iconify_json, arguments.out)
    except (OSError, subprocess.CalledProcessError, ValueError, KeyError) as error:
        print(f"build_tags: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
