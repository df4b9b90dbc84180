"""The Rock Me Archimedes section (`archimedes:`): semantic checks, and building `ArchimedesRules`.

The schema checks shapes; these checks make sure the board can be played: the zones lie inside
the grid and do not overlap, each player has an end zone with room for a win, there are enough
marbles, and the physical numbers give a bare board that sits level and stable.  Numbers are
read as exact fractions (0.5 is 1/2), so the physics decides the same everywhere.

The house rule `neutral:` puts marbles owned by no one on cups named as in the notation (`b8`):
each must be on the board and written once, they must leave a midzone cup to add marbles to and
room in each end zone for a win, and the board bearing them alone (the bare board of that game)
must not touch the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from marblestudio.engine.archimedes.moves import Cup, cup_name, parse_cup
from marblestudio.engine.archimedes.physics import Balance
from marblestudio.engine.core import NotationError
from marblestudio.engine.archimedes.rules import (
    ArchimedesRules,
    Carrying,
    Physics,
    Stalemate,
    StartRule,
    TouchRule,
    WinZone,
    Zone,
    ZoneKind,
)
from marblestudio.rulesets.diagnostics import WARNING, Problem, pointer_join

SECTION = "/archimedes"
DEFAULT_OVERSHOOT = Fraction(1, 2)


def exact(value: int | float) -> Fraction:
    """A YAML number as the fraction it is written as (0.1 is 1/10, not the nearest float)."""
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


def _zone(zone_id: str, zone: Mapping[str, Any], columns: int) -> Zone:
    cols = zone.get("columns", [1, columns])
    player = zone.get("player")
    return Zone(
        id=zone_id,
        kind=ZoneKind(zone["kind"]),
        rows=(zone["rows"][0] - 1, zone["rows"][1] - 1),
        columns=(cols[0] - 1, cols[1] - 1),
        seat=None if player is None else player - 1,
    )


def _physics(p: Mapping[str, Any]) -> Physics:
    platform, swing = p["platform"], p.get("swing", {"enabled": False})
    return Physics(
        cup_spacing=exact(p["cup_spacing"]),
        board_mass=exact(p["board"]["mass"]),
        board_com_height=exact(p["board"]["com_height"]),
        end_height=exact(p["board"]["end_height"]),
        marble_mass=exact(p["marble"]["mass"]),
        marble_com_height=exact(p["marble"]["com_height"]),
        rocker_radius=exact(p["rocker"]["radius"]),
        platform=platform["present"],
        platform_height=exact(platform.get("height", 0)),
        swing=swing["enabled"],
        swing_overshoot=exact(swing.get("overshoot", DEFAULT_OVERSHOOT)),
    )


def unused(data: Mapping[str, Any]) -> list[Problem]:
    """Keys of a checked ruleset that Rock Me Archimedes' rules never read (the loader reports those the file wrote)."""
    problems: list[Problem] = []
    physics = data["archimedes"]["physics"]
    swing = physics.get("swing", {})
    if swing.get("overshoot", 0) and not swing.get("enabled", False):
        problems.append(Problem(f"{SECTION}/physics/swing/overshoot", "'overshoot' is read only when the swing is enabled (swing.enabled: true)", WARNING))
    if "height" in physics["platform"] and not physics["platform"]["present"]:
        problems.append(Problem(f"{SECTION}/physics/platform/height", "the platform's 'height' is read only when it is present (platform.present: true)", WARNING))
    match = data.get("match")
    start = match.get("start") if isinstance(match, Mapping) else None
    if start in ("loser", "winner", "rotate") and data["archimedes"].get("start", "higher-roll") == "higher-roll":
        problems.append(Problem("/match/start", f"start: {start} chooses who sits in the first seat, but Rock Me Archimedes rolls "
                                               "for who moves first (archimedes.start: higher-roll): add archimedes: {start: first-player} "
                                               "for the first seat to move first", WARNING))
    return problems


def build(data: Mapping[str, Any]) -> ArchimedesRules:
    """The typed rules of a schema-valid, checked ruleset."""
    section = data["archimedes"]
    columns = section["grid"]["columns"]
    return ArchimedesRules(
        rows=section["grid"]["rows"],
        columns=columns,
        zones=tuple(_zone(zid, z, columns) for zid, z in section["zones"].items()),
        marbles_per_player=section["marbles_per_player"],
        marbles_to_win=section["marbles_to_win"],
        die=tuple(section["die"]),
        physics=_physics(section["physics"]),
        carrying=Carrying(section.get("carrying", Carrying.ROLL_OR_LIFT.value)),
        win_zone=WinZone(section.get("win_zone", WinZone.OWN.value)),
        touch=TouchRule(section.get("touch", TouchRule.MOVER_LOSES.value)),
        start=StartRule(section.get("start", StartRule.HIGHER_ROLL.value)),
        neutral=tuple(parse_cup(name) for name in section.get("neutral", ())),
        stalemate=Stalemate(**section.get("stalemate", {})),
    )


def check(data: Mapping[str, Any]) -> list[Problem]:
    """What must agree in a schema-valid ruleset's Archimedes section."""
    section = data["archimedes"]
    problems = _check_players(data)
    zone_problems = _check_zones(section)
    problems += zone_problems
    problems += _check_marbles(section, zones_ok=not zone_problems)
    problems += _check_neutral(section, zones_ok=not zone_problems)
    problems += _check_physics(section)
    if section.get("stalemate", {}).get("repeats") == 1:
        problems.append(Problem(f"{SECTION}/stalemate/repeats", "repeats: 1 would end every game after its first turn (each "
                                "position comes round once when it is first met): write 2 or more, or 0 for no such stalemate"))
    if not any(p.severity != WARNING for p in problems):
        problems += _check_balance(data)
    return problems


def _check_players(data: Mapping[str, Any]) -> list[Problem]:
    from marblestudio.rulesets.checks import two_sides

    return two_sides(data, "Rock Me Archimedes")


def _check_zones(section: Mapping[str, Any]) -> list[Problem]:
    rows, columns = section["grid"]["rows"], section["grid"]["columns"]
    problems: list[Problem] = []
    owners: dict[int, str] = {}
    cups: dict[tuple[int, int], str] = {}
    midzones = 0
    for zone_id, zone in section["zones"].items():
        where = pointer_join(f"{SECTION}/zones", zone_id)
        first, last = zone["rows"]
        cfirst, clast = zone.get("columns", [1, columns])
        midzones += zone["kind"] == "midzone"
        if not 1 <= first <= last <= rows:
            problems.append(Problem(f"{where}/rows", f"zone {zone_id}'s rows {first} to {last} must lie within rows 1 to {rows}, first row first"))
            continue
        if not 1 <= cfirst <= clast <= columns:
            problems.append(Problem(f"{where}/columns", f"zone {zone_id}'s columns {cfirst} to {clast} must lie within columns 1 to {columns}, first column first"))
            continue
        if zone["kind"] == "end":
            player = zone.get("player")
            if player is None:
                problems.append(Problem(where, f"end zone {zone_id} needs a 'player' (1 or 2) whose end zone it is"))
            elif player in owners:
                problems.append(Problem(f"{where}/player", f"player {player} has two end zones, {owners[player]} and {zone_id}; give each player one"))
            else:
                owners[player] = zone_id
        elif "player" in zone:
            problems.append(Problem(f"{where}/player", f"the midzone {zone_id} belongs to nobody: remove its 'player'"))
        area = [(r, c) for r in range(first, last + 1) for c in range(cfirst, clast + 1)]
        clash = next((cup for cup in area if cup in cups), None)
        if clash is not None:
            r, c = clash
            problems.append(Problem(where, f"zones {cups[clash]} and {zone_id} overlap (row {r}, column {c}); a cup belongs to one zone"))
        for cup in area:
            cups.setdefault(cup, zone_id)
    for player in (1, 2):
        if player not in owners and not problems:
            problems.append(Problem(f"{SECTION}/zones", f"player {player} has no end zone: add a zone with kind: end and player: {player}"))
    if midzones == 0:
        problems.append(Problem(f"{SECTION}/zones", "there is no midzone to add marbles to: add a zone with kind: midzone"))
    return problems


def _check_marbles(section: Mapping[str, Any], zones_ok: bool) -> list[Problem]:
    problems: list[Problem] = []
    need, have = section["marbles_to_win"], section["marbles_per_player"]
    if need > have:
        problems.append(Problem(f"{SECTION}/marbles_to_win", f"{need} marbles home to win, but each player has only {have}"))
    if zones_ok and need <= have:
        columns = section["grid"]["columns"]
        for zone_id, zone in section["zones"].items():
            if zone["kind"] != "end":
                continue
            cfirst, clast = zone.get("columns", [1, columns])
            room = (zone["rows"][1] - zone["rows"][0] + 1) * (clast - cfirst + 1)
            if room < need:
                where = pointer_join(f"{SECTION}/zones", zone_id)
                problems.append(Problem(where, f"end zone {zone_id} has {room} cups, too few for the {need} marbles that win"))
    return problems


def _neutral_cups(section: Mapping[str, Any]) -> tuple[list[Problem], dict[Cup, int]]:
    """The neutral marbles' cups (each with its index in the list), and what is wrong with them:
    a cup that is not one, is off the board, or is written twice."""
    rows, columns = section["grid"]["rows"], section["grid"]["columns"]
    problems: list[Problem] = []
    cups: dict[Cup, int] = {}
    for i, name in enumerate(section.get("neutral", ())):
        where = f"{SECTION}/neutral/{i}"
        try:
            cup = parse_cup(name)
        except NotationError:
            problems.append(Problem(where, f"neutral marble {i + 1}: '{name}' is not a cup (a column letter and a row number, like b8)"))
            continue
        if cup[0] >= rows or cup[1] >= columns:
            last = cup_name((rows - 1, columns - 1))
            problems.append(Problem(where, f"neutral marble {i + 1}: {name} is not on the board ({rows} rows of {columns} cups: a1 to {last})"))
        elif cup in cups:
            problems.append(Problem(where, f"neutral marble {i + 1}: {name} is given twice, as neutral marble {cups[cup] + 1} "
                                           f"too (a cup holds one marble)"))
        else:
            cups[cup] = i
    return problems, cups


def _check_neutral(section: Mapping[str, Any], zones_ok: bool) -> list[Problem]:
    """The neutral marbles on the board, once each, leaving a midzone cup free and room in each end zone for a win."""
    if not section.get("neutral"):
        return []
    problems, cups = _neutral_cups(section)
    if problems or not zones_ok:
        return problems
    columns, need = section["grid"]["columns"], section["marbles_to_win"]
    midzone: set[Cup] = set()
    for zone_id, zone in section["zones"].items():
        cfirst, clast = zone.get("columns", [1, columns])
        area = {(r - 1, c - 1) for r in range(zone["rows"][0], zone["rows"][1] + 1) for c in range(cfirst, clast + 1)}
        taken = sorted(area & cups.keys(), key=lambda cup: cups[cup])
        if zone["kind"] == "midzone":
            midzone |= area
        elif taken and len(area) - len(taken) < need:
            names = ", ".join(cup_name(c) for c in taken)
            problems.append(Problem(f"{SECTION}/neutral/{cups[taken[-1]]}", f"the neutral marbles on {names} leave end zone {zone_id} "
                                    f"{len(area) - len(taken)} free cups, too few for the {need} marbles that win"))
    if midzone and midzone <= cups.keys():
        problems.append(Problem(f"{SECTION}/neutral", "a neutral marble stands on every cup of the midzone: no marble could ever "
                                "be added (leave a midzone cup free)"))
    return problems


def _check_physics(section: Mapping[str, Any]) -> list[Problem]:
    p = section["physics"]
    where = f"{SECTION}/physics"
    radius = exact(p["rocker"]["radius"])
    problems: list[Problem] = []
    if exact(p["board"]["com_height"]) >= radius:
        problems.append(
            Problem(f"{where}/board/com_height", f"the bare board's centre of mass ({p['board']['com_height']} mm) must be lower than the rocker's radius ({p['rocker']['radius']} mm), or the bare board falls over")
        )
    if exact(p["board"]["end_height"]) >= radius:
        problems.append(
            Problem(f"{where}/board/end_height", f"the board's ends ({p['board']['end_height']} mm high) must be lower than the rocker's radius ({p['rocker']['radius']} mm)")
        )
    if p["platform"]["present"] and "height" not in p["platform"]:
        problems.append(Problem(f"{where}/platform", "a platform that is present needs its 'height' in mm"))
    return problems


def _check_balance(data: Mapping[str, Any]) -> list[Problem]:
    """Warnings about physics that make a dull game: a board that never tips, or always falls."""
    rules = build(data)
    balance = Balance(rules)
    where = f"{SECTION}/physics"
    problems: list[Problem] = []
    if not balance.reachable:
        problems.append(Problem(f"{where}/rocker/radius", "the board's ends can never reach the table with these numbers: no position tips unless the board falls over", WARNING))
    problems += _check_bare_board(data, rules, balance)
    full = 2 * rules.marbles_per_player + len(rules.neutral)
    if not balance.stable(full):
        problems.append(
            Problem(f"{where}/marble/com_height", f"with all {full} marbles on it the board's centre of mass would reach the rocker's radius: the board falls over whatever the marbles' places", WARNING)
        )
    return problems


def _check_bare_board(data: Mapping[str, Any], rules: ArchimedesRules, balance: Balance) -> list[Problem]:
    """The neutral marbles weigh on the board from the start: alone on it, they must not bring
    an end down to the table (the game would be lost before its first move)."""
    if not rules.neutral:
        return []
    k = sum(balance.moment(row) for row, _ in rules.neutral)
    tilt = balance.tilt(k, len(rules.neutral))
    if tilt.touching is None:
        return []
    names = data["archimedes"]["neutral"]
    # the line to mend: the marble farthest out on the side that went down (the first such)
    side = 1 if k > 0 else -1 if k < 0 else 0
    worst = max(range(len(names)), key=lambda i: (side * balance.moment(rules.neutral[i][0]), -i))
    count = _neutral_words(len(names))
    if tilt.slope is None:
        return [Problem(f"{SECTION}/neutral/{worst}", f"with only the {count} on it the bare board's centre of mass reaches the "
                        "rocker's radius: it falls over before the first move (take neutral marbles off, or lower them)")]
    limit = balance.touch_angle()
    reach = f"; an end touches from {limit:.1f} degrees" if limit is not None else ""
    return [Problem(f"{SECTION}/neutral/{worst}", f"the {count} alone tilt the bare board {abs(tilt.angle):.1f} degrees until its "
                    f"{tilt.touching.value} end touches the table{reach}: the game would be lost before its first move; put "
                    f"{names[worst]} nearer the middle or balance it at the other end")]


def _neutral_words(count: int) -> str:
    return "neutral marble" if count == 1 else f"{count} neutral marbles"
