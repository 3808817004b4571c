# ruff: noqa: E501  (the bodies are the sets' own, one line each)
"""A few real icons, as their sets ship them in @iconify/json (bodies, boxes, set names, authors and
licences copied unchanged; each set's licence allows it), for tests that must see what real sets hold:
Tabler and Lucide strokes, Phosphor's 256 box and duotone opacity, MDI fills, Font Awesome 6's non-square
boxes (320x512, 640x512), Twemoji's own colours (no currentColor) and Simple Icons' CC0 licence. Tests
never read /work/data or the network: `write_real_sets(folder)` writes these as IconifyJSON files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

REAL_SETS: dict[str, dict[str, Any]] = {
    "tabler": {
        "prefix": "tabler",
        "info": {
            "name": "Tabler Icons",
            "author": {"name": "Paweł Kuna", "url": "https://github.com/tabler/tabler-icons"},
            "license": {
                "title": "MIT",
                "spdx": "MIT",
                "url": "https://github.com/tabler/tabler-icons/blob/master/LICENSE",
            },
        },
        "width": 24,
        "height": 24,
        "icons": {
            "trash": {
                "body": '<path fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="M4 7h16m-10 4v6m4-6v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3"/>'
            },
            "arrow-up": {
                "body": '<path fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="M12 5v14m6-8l-6-6m-6 6l6-6"/>'
            },
        },
    },
    "lucide": {
        "prefix": "lucide",
        "info": {
            "name": "Lucide",
            "author": {"name": "Lucide Contributors", "url": "https://github.com/lucide-icons/lucide"},
            "license": {
                "title": "ISC",
                "spdx": "ISC",
                "url": "https://github.com/lucide-icons/lucide/blob/main/LICENSE",
            },
        },
        "width": 24,
        "height": 24,
        "icons": {
            "house": {
                "body": '<g fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2"><path d="M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8"/><path d="M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/></g>'
            }
        },
    },
    "ph": {
        "prefix": "ph",
        "info": {
            "name": "Phosphor",
            "author": {"name": "Phosphor Icons", "url": "https://github.com/phosphor-icons/core"},
            "license": {
                "title": "MIT",
                "spdx": "MIT",
                "url": "https://github.com/phosphor-icons/core/blob/main/LICENSE",
            },
        },
        "width": 256,
        "height": 256,
        "icons": {
            "heart": {
                "body": '<path fill="currentColor" d="M178 40c-20.65 0-38.73 8.88-50 23.89C116.73 48.88 98.65 40 78 40a62.07 62.07 0 0 0-62 62c0 70 103.79 126.66 108.21 129a8 8 0 0 0 7.58 0C136.21 228.66 240 172 240 102a62.07 62.07 0 0 0-62-62m-50 174.8c-18.26-10.64-96-59.11-96-112.8a46.06 46.06 0 0 1 46-46c19.45 0 35.78 10.36 42.6 27a8 8 0 0 0 14.8 0c6.82-16.67 23.15-27 42.6-27a46.06 46.06 0 0 1 46 46c0 53.61-77.76 102.15-96 112.8"/>'
            },
            "trash-duotone": {
                "body": '<g fill="currentColor"><path d="M200 56v152a8 8 0 0 1-8 8H64a8 8 0 0 1-8-8V56Z" opacity=".2"/><path d="M216 48h-40v-8a24 24 0 0 0-24-24h-48a24 24 0 0 0-24 24v8H40a8 8 0 0 0 0 16h8v144a16 16 0 0 0 16 16h128a16 16 0 0 0 16-16V64h8a8 8 0 0 0 0-16M96 40a8 8 0 0 1 8-8h48a8 8 0 0 1 8 8v8H96Zm96 168H64V64h128Zm-80-104v64a8 8 0 0 1-16 0v-64a8 8 0 0 1 16 0m48 0v64a8 8 0 0 1-16 0v-64a8 8 0 0 1 16 0"/></g>'
            },
        },
    },
    "mdi": {
        "prefix": "mdi",
        "info": {
            "name": "Material Design Icons",
            "author": {"name": "Pictogrammers", "url": "https://github.com/Templarian/MaterialDesign"},
            "license": {
                "title": "Apache 2.0",
                "spdx": "Apache-2.0",
                "url": "https://github.com/Templarian/MaterialDesign/blob/master/LICENSE",
            },
        },
        "width": 24,
        "height": 24,
        "icons": {
            "account": {
                "body": '<path fill="currentColor" d="M12 4a4 4 0 0 1 4 4a4 4 0 0 1-4 4a4 4 0 0 1-4-4a4 4 0 0 1 4-4m0 10c4.42 0 8 1.79 8 4v2H4v-2c0-2.21 3.58-4 8-4"/>'
            }
        },
    },
    "fa6-solid": {
        "prefix": "fa6-solid",
        "info": {
            "name": "Font Awesome 6 Solid",
            "author": {"name": "Dave Gandy", "url": "https://github.com/FortAwesome/Font-Awesome"},
            "license": {
                "title": "CC BY 4.0",
                "spdx": "CC-BY-4.0",
                "url": "https://creativecommons.org/licenses/by/4.0/",
            },
        },
        "width": 512,
        "height": 512,
        "icons": {
            "0": {
                "body": '<path fill="currentColor" d="M0 192C0 103.6 71.6 32 160 32s160 71.6 160 160v128c0 88.4-71.6 160-160 160S0 408.4 0 320zm160-96c-53 0-96 43-96 96v128c0 53 43 96 96 96s96-43 96-96V192c0-53-43-96-96-96"/>',
                "width": 320,
            }
        },
    },
    "fa6-brands": {
        "prefix": "fa6-brands",
        "info": {
            "name": "Font Awesome 6 Brands",
            "author": {"name": "Dave Gandy", "url": "https://github.com/FortAwesome/Font-Awesome"},
            "license": {
                "title": "CC BY 4.0",
                "spdx": "CC-BY-4.0",
                "url": "https://creativecommons.org/licenses/by/4.0/",
            },
        },
        "width": 448,
        "height": 512,
        "icons": {
            "42-group": {
                "body": '<path fill="currentColor" d="M320 96v320a160.02 160.02 0 0 0 113.138-46.862a160.02 160.02 0 0 0 34.683-174.367a160 160 0 0 0-86.591-86.592A160 160 0 0 0 320 96M0 256l160.002 160l160.001-160L160.002 96zm480 0a160 160 0 0 0 160 160V96a160 160 0 0 0-160 160"/>',
                "width": 640,
            }
        },
    },
    "twemoji": {
        "prefix": "twemoji",
        "info": {
            "name": "Twitter Emoji",
            "author": {"name": "Twitter", "url": "https://github.com/jdecked/twemoji"},
            "license": {
                "title": "CC BY 4.0",
                "spdx": "CC-BY-4.0",
                "url": "https://creativecommons.org/licenses/by/4.0/",
            },
        },
        "width": 36,
        "height": 36,
        "icons": {
            "red-heart": {
                "body": '<path fill="#dd2e44" d="M35.885 11.833c0-5.45-4.418-9.868-9.867-9.868c-3.308 0-6.227 1.633-8.018 4.129c-1.791-2.496-4.71-4.129-8.017-4.129c-5.45 0-9.868 4.417-9.868 9.868c0 .772.098 1.52.266 2.241C1.751 22.587 11.216 31.568 18 34.034c6.783-2.466 16.249-11.447 17.617-19.959c.17-.721.268-1.469.268-2.242"/>'
            }
        },
    },
    "simple-icons": {
        "prefix": "simple-icons",
        "info": {
            "name": "Simple Icons",
            "author": {"name": "Simple Icons Collaborators", "url": "https://github.com/simple-icons/simple-icons"},
            "license": {
                "title": "CC0 1.0",
                "spdx": "CC0-1.0",
                "url": "https://github.com/simple-icons/simple-icons/blob/develop/LICENSE.md",
            },
        },
        "width": 24,
        "height": 24,
        "icons": {
            "github": {
                "body": '<path fill="currentColor" d="M12 .297c-6.63 0-12 5.373-12 12c0 5.303 3.438 9.8 8.205 11.385c.6.113.82-.258.82-.577c0-.285-.01-1.04-.015-2.04c-3.338.724-4.042-1.61-4.042-1.61C4.422 18.07 3.633 17.7 3.633 17.7c-1.087-.744.084-.729.084-.729c1.205.084 1.838 1.236 1.838 1.236c1.07 1.835 2.809 1.305 3.495.998c.108-.776.417-1.305.76-1.605c-2.665-.3-5.466-1.332-5.466-5.93c0-1.31.465-2.38 1.235-3.22c-.135-.303-.54-1.523.105-3.176c0 0 1.005-.322 3.3 1.23c.96-.267 1.98-.399 3-.405c1.02.006 2.04.138 3 .405c2.28-1.552 3.285-1.23 3.285-1.23c.645 1.653.24 2.873.12 3.176c.765.84 1.23 1.91 1.23 3.22c0 4.61-2.805 5.625-5.475 5.92c.42.36.81 1.096.81 2.22c0 1.606-.015 2.896-.015 3.286c0 .315.21.69.825.57C20.565 22.092 24 17.592 24 12.297c0-6.627-5.373-12-12-12"/>'
            }
        },
    },
}
"""Each set by its prefix, as an IconifyJSON document."""


def write_real_sets(folder: Path, prefixes: tuple[str, ...] | None = None) -> list[Path]:
    """The sets of `REAL_SETS` (those of `prefixes`, else all) as `<prefix>.json` files in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for prefix, data in REAL_SETS.items():
        if prefixes is None or prefix in prefixes:
            path = folder / f"{prefix}.json"
            path.write_text(json.dumps(data), encoding="utf-8")
            paths.append(path)
    return paths
