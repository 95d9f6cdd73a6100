"""Write the game's icons (``assets/icons/*.svg``) and their credits from the game-icons.net collection.

Why a script: the pictures are third-party (game-icons.net, CC BY 3.0), so the repository keeps only the
few the game draws, each a small standalone SVG, and a credits file saying whose they are and under which
licence; running this again re-creates ``assets/icons/`` byte for byte (the package version is pinned, the
output sorted, no dates written).

Where from: the npm package ``@iconify-json/game-icons`` (the whole collection as one JSON file). It is
fetched with ``npm pack`` into a temporary folder (never into the repository) and read from the tarball;
``--package DIR`` reads an already unpacked ``package/`` folder instead (no network).

Authors: the package names the collection's author (``info.json``: GameIcons, its repository) and not each
drawing's; the credits file records what the package says, per icon, and ``AUTHORS`` below adds a drawing's
own author where it was checked against the collection's repository (its folders are named after the
authors), so nobody is credited on a guess.

    python3 tools/vendor_icons.py [--package DIR]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "icons"
PACKAGE = "@iconify-json/game-icons"
VERSION = "1.2.4"
CREDITS = "credits.json"

#: the one list: name in the collection -> file name in the game (without ``.svg``). ``game.ui.looks`` says
#: what each file stands for (a fighter's role, an item in hand, an action, a condition).
ICONS: dict[str, str] = {
    # roles: a figure for who a fighter is
    "swordman": "role-swordsman",
    "bowman": "role-archer",
    "pikeman": "role-spearman",
    "flamethrower-soldier": "role-flamer",
    "high-punch": "role-brawler",
    "strong-man": "role-wrestler",
    "bandit": "role-gunman",
    "stick-grenade": "role-grenadier",
    "hooded-assassin": "role-knife-fighter",
    "caveman": "role-warrior",
    "mounted-knight": "role-rider",
    "horse-head": "role-mount",
    "person": "role-fighter",
    # items in hand
    "broadsword": "item-sword",
    "katana": "item-katana",
    "energy-sword": "item-energy-sword",
    "bowie-knife": "item-knife",
    "plain-dagger": "item-dagger",
    "broken-bottle": "item-broken-bottle",
    "beer-bottle": "item-bottle",
    "wood-club": "item-club",
    "spiked-mace": "item-mace",
    "warhammer": "item-hammer",
    "battle-axe": "item-axe",
    "tomahawk": "item-tomahawk",
    "spear-hook": "item-spear",
    "halberd": "item-pole-arm",
    "bo": "item-staff",
    "pocket-bow": "item-bow",
    "crossbow": "item-crossbow",
    "sling": "item-sling",
    "revolver": "item-pistol",
    "winchester-rifle": "item-rifle",
    "ak47": "item-assault-rifle",
    "sawed-off-shotgun": "item-shotgun",
    "blaster": "item-laser",
    "flamethrower": "item-flamethrower",
    "grenade": "item-grenade",
    "fire-bottle": "item-molotov",
    "smoke-bomb": "item-smoke-grenade",
    "poison-gas": "item-gas",
    "round-shield": "item-shield",
    "wooden-chair": "item-chair",
    "brass-knuckles": "item-brass-knuckles",
    "baton": "item-baton",
    "torch": "item-torch",
    "rock": "item-rock",
    "rope-coil": "item-rope",
    "handcuffs": "item-manacles",
    "fist": "item-fist",
    # actions in the menu
    "crossed-swords": "action-attack",
    "footsteps": "action-move",
    "sprint": "action-run",
    "grab": "action-grapple",
    "dodge": "action-dodge",
    "hourglass": "action-wait",
    "reload-gun-barrel": "action-reload",
    "kneeling": "action-posture",
    "breaking-chain": "action-break-free",
    "foot-trip": "action-trip",
    "drop-weapon": "action-disarm",
    "shield-bash": "action-shield-bash",
    "charging-bull": "action-charge",
    "crosshair": "action-aim",
    # conditions over a token
    "knocked-out-stars": "condition-stunned",
    "night-sleep": "condition-unconscious",
    "tombstone": "condition-dead",
    "padlock": "condition-pinned",
    "falling": "condition-prone",
    "bleeding-wound": "condition-bleeding",
    "lungs": "condition-suffocating",
    "flame": "condition-on-fire",
    "surprised": "condition-surprised",
    "screaming": "condition-frightened",
    "drowning": "condition-underwater",
}

#: a drawing's own author where it was checked in the collection's repository (the folder holding the same
#: drawing, compared by its path data); the others are credited as the package credits them
AUTHORS: dict[str, str] = {
    "pikeman": "Delapouite", "high-punch": "Delapouite", "wooden-chair": "Delapouite", "rope-coil": "Delapouite",
    "kneeling": "Delapouite", "torch": "Delapouite", "crosshair": "Delapouite", "person": "Delapouite",
    "warhammer": "Delapouite", "brass-knuckles": "Delapouite", "reload-gun-barrel": "Delapouite",
    "knocked-out-stars": "Delapouite",
    "broadsword": "Lorc", "crossed-swords": "Lorc", "battle-axe": "Lorc", "pocket-bow": "Lorc",
    "plain-dagger": "Lorc", "energy-sword": "Lorc", "tombstone": "Lorc", "padlock": "Lorc", "screaming": "Lorc",
    "sprint": "Lorc", "grab": "Lorc", "hourglass": "Lorc", "foot-trip": "Lorc", "fire-bottle": "Lorc",
    "poison-gas": "Lorc", "halberd": "Lorc", "rock": "Lorc", "handcuffs": "Lorc", "horse-head": "Lorc",
    "revolver": "Skoll", "ak47": "Skoll", "bowie-knife": "Skoll", "breaking-chain": "Skoll", "drop-weapon": "Skoll",
    "fist": "Skoll", "mounted-knight": "Skoll", "winchester-rifle": "Skoll",
    "crossbow": "Carl Olsen",
}


def fetch(tmp: Path) -> Path:
    """``npm pack`` the pinned package into ``tmp`` and unpack its JSON files; the ``package/`` folder."""
    try:
        out = subprocess.run(["npm", "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", str(tmp), "--silent"],
                             check=True, capture_output=True, text=True).stdout.strip().splitlines()
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"vendor_icons: npm pack {PACKAGE}@{VERSION} failed: {exc}") from None
    tgz = tmp / out[-1]
    with tarfile.open(tgz) as tar:  # only the two JSON files are read, each by its known name
        for name in ("package/icons.json", "package/info.json"):
            member = tar.getmember(name)
            data = tar.extractfile(member)
            if data is None:
                raise SystemExit(f"vendor_icons: {tgz} has no {name}")
            (tmp / Path(name).name).write_bytes(data.read())
    return tmp


def svg_of(icons: dict, name: str) -> str:
    """One icon as a standalone SVG: Iconify keeps the body and the view box apart (default 512 square)."""
    icon = icons["icons"].get(name)
    if icon is None:
        raise SystemExit(f"vendor_icons: {PACKAGE}@{VERSION} has no icon {name!r}")
    left, top = icon.get("left", icons.get("left", 0)), icon.get("top", icons.get("top", 0))
    w, h = icon.get("width", icons.get("width", 16)), icon.get("height", icons.get("height", 16))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="{left} {top} {w} {h}">{icon["body"]}</svg>\n')


def credits_of(info: dict) -> dict:
    """The credits file's content: the collection, its licence and link, every icon with its author."""
    pack_author = info["author"]["name"]
    icons = [{"file": f"{game}.svg", "name": name, "author": AUTHORS.get(name, pack_author)}
             for name, game in sorted(ICONS.items(), key=lambda kv: kv[1])]
    return {
        "collection": info["name"],
        "site": "https://game-icons.net",
        "package": f"{PACKAGE}@{VERSION}",
        "collection_author": {"name": pack_author, "url": info["author"]["url"]},
        "license": {"title": info["license"]["title"], "spdx": info["license"]["spdx"],
                    "url": "https://creativecommons.org/licenses/by/3.0/"},
        "changes": "each icon taken as it is drawn, one colour, written as a standalone SVG",
        "authors": sorted({i["author"] for i in icons}),
        "icons": icons,
    }


def write(package: Path, out: Path = OUT) -> list[Path]:
    """Write every icon of :data:`ICONS` and the credits file into ``out``; remove icons no longer listed."""
    icons = json.loads((package / "icons.json").read_text(encoding="utf-8"))
    info = json.loads((package / "info.json").read_text(encoding="utf-8"))
    if len(set(ICONS.values())) != len(ICONS):
        raise SystemExit("vendor_icons: two icons share a file name in ICONS")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, game in sorted(ICONS.items()):
        path = out / f"{game}.svg"
        path.write_text(svg_of(icons, name), encoding="utf-8", newline="\n")
        written.append(path)
    path = out / CREDITS
    path.write_text(json.dumps(credits_of(info), indent=1, ensure_ascii=False) + "\n", encoding="utf-8",
                    newline="\n")
    written.append(path)
    for old in out.glob("*.svg"):  # an icon dropped from the list leaves the folder too
        if old not in written:
            old.unlink()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", type=Path, help="an unpacked package/ folder (holding icons.json, info.json)")
    parser.add_argument("--out", type=Path, default=OUT, help="where the icons go (default: assets/icons)")
    args = parser.parse_args(argv)
    if args.package is not None:
        written = write(args.package, args.out)
    else:
        with tempfile.TemporaryDirectory(prefix="clinch-icons-") as tmp:
            written = write(fetch(Path(tmp)), args.out)
    print(f"vendor_icons: {len(written) - 1} icons and {CREDITS} in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
