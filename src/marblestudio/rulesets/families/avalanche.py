"""The Avalanche section (`avalanche:`): semantic checks, and building `AvalancheRules`.

The schema checks shapes; these checks make sure a board can be played: every name a hole or a
gate side leads to exists, every path ends at the bottom (no loops), the cards use known
colours and ask for no more marbles of a colour than there are, and the options agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marblestudio.engine.avalanche.rules import (
    OUT,
    AllPass,
    AvalancheRules,
    Card,
    Colour,
    GameOptions,
    Gate,
    Goal,
    GoingOut,
    Hole,
    OutOfMarbles,
    Passing,
    Port,
    Side,
    StartHand,
    Target,
    TraysEmpty,
    Unmatched,
)
from marblestudio.rulesets.diagnostics import WARNING, Problem, pointer_join

SECTION = "/avalanche"
DEFAULT_DISPLAY = ("#f2c500", "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")


def _target(text: str) -> Target:
    if text == OUT:
        return OUT
    gate, side = text.rsplit(":", 1)
    return Port(gate, Side.LEFT if side == "left" else Side.RIGHT)


def check(data: Mapping[str, Any]) -> list[Problem]:
    """What must agree in a schema-valid ruleset's Avalanche section."""
    section = data["avalanche"]
    problems = _check_colours(section)
    links_ok = True
    gates: Mapping[str, Any] = section["gates"]
    for index, hole in enumerate(section["holes"]):
        problem = _check_target(hole["to"], gates, f"{SECTION}/holes/{index}/to", f"hole {index + 1}")
        if problem:
            problems.append(problem)
            links_ok = False
    for gate_id, gate in gates.items():
        for side in ("left", "right"):
            where = pointer_join(f"{SECTION}/gates", gate_id) + f"/{side}"
            problem = _check_target(gate[side], gates, where, f"gate {gate_id}'s {side} side")
            if problem:
                problems.append(problem)
                links_ok = False
    if links_ok:
        problems += _check_paths(section)
    problems += _check_cards(data, section)
    problems += _check_play(data, section)
    return problems


def _check_colours(section: Mapping[str, Any]) -> list[Problem]:
    seen: dict[str, str] = {}
    problems = []
    for name, colour in section["colours"].items():
        letter = colour["letter"]
        if letter in seen:
            where = pointer_join(f"{SECTION}/colours", name) + "/letter"
            problems.append(Problem(where, f"colours {seen[letter]} and {name} both have the letter {letter}; each colour needs its own"))
        seen.setdefault(letter, name)
    return problems


def _check_target(text: str, gates: Mapping[str, Any], where: str, what: str) -> Problem | None:
    if text == OUT:
        return None
    gate = text.rsplit(":", 1)[0]
    if gate not in gates:
        return Problem(where, f"{what} leads to gate {gate!r}, which avalanche.gates does not have")
    return None


def _check_paths(section: Mapping[str, Any]) -> list[Problem]:
    """Every gate side's path ends at the bottom; every gate can be reached from a hole."""
    gates: Mapping[str, Any] = section["gates"]
    problems: list[Problem] = []
    done: set[str] = set()
    for gate_id in gates:
        for side in ("left", "right"):
            start = f"{gate_id}:{side}"
            path = [start]
            port = start
            while port != OUT and port not in done:
                gate, way = port.rsplit(":", 1)
                port = gates[gate][way]
                if port in path:
                    loop = " -> ".join(path[path.index(port):] + [port])
                    where = pointer_join(f"{SECTION}/gates", gate) + f"/{way}"
                    problems.append(Problem(where, f"a marble would go round for ever: {loop}; every path must end 'out' at the bottom"))
                    return problems
                path.append(port)
            done.update(path)
    reached: set[str] = set()
    todo = [h["to"] for h in section["holes"]]
    while todo:
        port = todo.pop()
        if port == OUT:
            continue
        gate = port.rsplit(":", 1)[0]
        if gate in reached:
            continue
        reached.add(gate)
        todo += [gates[gate]["left"], gates[gate]["right"]]
    for gate_id in gates:
        if gate_id not in reached:
            where = pointer_join(f"{SECTION}/gates", gate_id)
            problems.append(Problem(where, f"no marble can reach gate {gate_id} from any hole", WARNING))
    return problems


def _check_cards(data: Mapping[str, Any], section: Mapping[str, Any]) -> list[Problem]:
    play = section["play"]
    cards: Mapping[str, Any] = section.get("cards", {})
    per_player = play.get("cards_per_player", 1 if cards else 0)
    letters = {c["letter"]: name for name, c in section["colours"].items()}
    wild = {c["letter"] for c in section["colours"].values() if c.get("wild")}
    problems: list[Problem] = []
    layouts: dict[tuple[str, ...], str] = {}
    for card_id, card in cards.items():
        here = pointer_join(f"{SECTION}/cards", card_id) + "/holes"
        rows = card["holes"]
        if len({len(r) for r in rows}) > 1:
            problems.append(Problem(here, f"card {card_id}'s rows have different lengths; a card is a rectangle of holes"))
        unknown = sorted({ch for r in rows for ch in r} - letters.keys())
        if unknown:
            problems.append(Problem(here, f"card {card_id} uses the letter(s) {', '.join(unknown)}, which no colour has (the colours are {', '.join(letters)})"))
        jokers = sorted({ch for r in rows for ch in r} & wild)
        if jokers:
            problems.append(Problem(here, f"card {card_id} asks for the wild colour(s) {', '.join(letters[j] for j in jokers)}: a wild "
                                          "marble fills any hole, so no hole is of its colour"))
        layout = tuple(rows)
        if layout in layouts:
            problems.append(Problem(here, f"cards {layouts[layout]} and {card_id} are alike; the rulebook's cards are all different", WARNING))
        layouts.setdefault(layout, card_id)
    if per_player == 0 or problems:
        return problems
    most_players = data["players"]["max"]
    needed = most_players * per_player
    if len(cards) < needed:
        return problems + [Problem(f"{SECTION}/cards", f"{most_players} players with {per_player} card(s) each need {needed} cards; there are {len(cards)}")]
    deal = play.get("deal", "random")
    for name, colour in section["colours"].items():
        demand = sorted((sum(r.count(colour["letter"]) for r in c["holes"]) for c in cards.values()), reverse=True)
        if isinstance(deal, list):
            demand = [sum(r.count(colour["letter"]) for r in cards[cid]["holes"]) for cid in deal if cid in cards]
        worst = sum(demand[:needed])
        if worst > colour["count"]:
            where = pointer_join(f"{SECTION}/colours", name) + "/count"
            problems.append(Problem(where, f"the cards of {most_players} players may ask for {worst} {name} marbles, but there are {colour['count']}"))
    if isinstance(deal, list):
        for index, cid in enumerate(deal):
            if cid not in cards:
                problems.append(Problem(f"{SECTION}/play/deal/{index}", f"the deal names card {cid!r}, which avalanche.cards does not have"))
        if len(set(deal)) != len(deal) or len(deal) < needed:
            problems.append(Problem(f"{SECTION}/play/deal", f"the deal must name {needed} different cards ({per_player} for each of up to {most_players} players)"))
    return problems


def _check_play(data: Mapping[str, Any], section: Mapping[str, Any]) -> list[Problem]:
    play = section["play"]
    here = f"{SECTION}/play"
    problems: list[Problem] = []
    per_player = play.get("cards_per_player", 1 if section.get("cards") else 0)
    goal = play["goal"]
    if goal == "fill-cards" and per_player == 0:
        problems.append(Problem(f"{here}/goal", "the goal 'fill-cards' needs cards: set cards_per_player to 1 or more"))
    if per_player and not section.get("cards"):
        problems.append(Problem(f"{here}/cards_per_player", "players get cards, but avalanche.cards lists none"))
    if goal == "one-colour":
        most = max(c["count"] for c in section["colours"].values())
        if play.get("goal_count", 5) > most:
            problems.append(Problem(f"{here}/goal_count", f"nobody can hold {play.get('goal_count', 5)} marbles of one colour; the most of a colour is {most}"))
    partnership = play.get("partnership", False)
    teams = data.get("teams")
    if partnership:
        if teams is None:
            problems.append(Problem(f"{here}/partnership", "partnership play needs 'teams' (e.g. teams: {count: 2})"))
        else:
            count = teams.get("count", 2)
            if data["players"]["min"] != 2 * count or data["players"]["max"] != 2 * count:
                problems.append(Problem(f"{here}/partnership", f"partners play in pairs: with {count} teams the game needs exactly {2 * count} players", WARNING))
    if play.get("going_out", "never") == "choice" and not partnership:
        problems.append(Problem(f"{here}/going_out", "going out is a partnership rule: set partnership: true, or going_out: never"))
    hand = play.get("start_hand", {})
    if "per_colour" in hand and ("first" in hand or "others" in hand):
        problems.append(Problem(f"{here}/start_hand", "give either per_colour or first and others, not both"))
    most_players = data["players"]["max"]
    colours = list(section["colours"].items())
    for index, (name, colour) in enumerate(colours):
        taken = hand.get("per_colour", 0) * most_players
        if "per_colour" not in hand:
            start = StartHand(0, hand.get("first", 0), hand.get("others", 0))
            taken = sum(start.take(seat, len(colours))[index] for seat in range(most_players))
        if taken > colour["count"]:
            where = pointer_join(f"{SECTION}/colours", name) + "/count"
            problems.append(Problem(where, f"{most_players} players start with {taken} {name} marbles, but there are {colour['count']}"))
    if not play.get("draw_from_trays", True) and not any(hand.values()):
        problems.append(Problem(f"{here}/draw_from_trays", "players never draw and start with no marbles: nobody could drop one"))
    return problems


def unused(data: Mapping[str, Any]) -> list[Problem]:
    """Keys of a checked ruleset that Avalanche's rules never read with its other settings (the
    loader reports those the file wrote).  A key set to its default only states the default and
    is not reported ('going_out: never' is as good as no 'going_out')."""
    play = data["avalanche"]["play"]
    here = f"{SECTION}/play"
    problems: list[Problem] = []
    partnership = play.get("partnership", False)
    if "teams" in data and not partnership:
        problems.append(Problem("/teams", "Avalanche reads 'teams' only for partnership play: set avalanche.play.partnership: true, or leave 'teams' out"))
    if play.get("goal_count", 5) != 5 and play["goal"] != "one-colour":
        problems.append(Problem(f"{here}/goal_count", f"'goal_count' is read only with goal: one-colour, not {play['goal']!r}", WARNING))
    if play.get("deal", "random") != "random" and play.get("cards_per_player", 1 if data["avalanche"].get("cards") else 0) == 0:
        problems.append(Problem(f"{here}/deal", "'deal' is read only when players have cards (cards_per_player above 0)", WARNING))
    if play.get("trays_empty", "hold") != "hold" and play.get("unmatched", "hold") != "hold":
        problems.append(Problem(f"{here}/trays_empty", "'trays_empty' is read only with unmatched: hold", WARNING))
    return problems


def build(data: Mapping[str, Any]) -> AvalancheRules:
    """The engine's `AvalancheRules` from a checked ruleset."""
    section = data["avalanche"]
    colours = tuple(
        Colour(name, c["letter"], c["count"], c.get("display", DEFAULT_DISPLAY[i % len(DEFAULT_DISPLAY)]), c.get("wild", False))
        for i, (name, c) in enumerate(section["colours"].items())
    )
    by_letter = {c.letter: c.name for c in colours}
    holes = tuple(Hole(float(h["x"]), _target(h["to"])) for h in section["holes"])
    gates = tuple(
        Gate(
            id=gid,
            row=g["row"],
            x=float(g["x"]),
            tilt=None if g.get("tilt", "random") == "random" else Side.LEFT if g["tilt"] == "left" else Side.RIGHT,
            left=_target(g["left"]),
            right=_target(g["right"]),
        )
        for gid, g in section["gates"].items()
    )
    cards = tuple(
        Card(cid, tuple(by_letter[ch] for row in c["holes"] for ch in row)) for cid, c in section.get("cards", {}).items()
    )
    return AvalancheRules(colours=colours, holes=holes, gates=gates, cards=cards, game=_options(section))


def _options(section: Mapping[str, Any]) -> GameOptions:
    play = section["play"]
    hand = play.get("start_hand", {})
    deal = play.get("deal", "random")
    return GameOptions(
        cards_per_player=play.get("cards_per_player", 1 if section.get("cards") else 0),
        partnership=play.get("partnership", False),
        unmatched=Unmatched(play.get("unmatched", "hold")),
        trays_empty=TraysEmpty(play.get("trays_empty", "hold")),
        all_pass=AllPass(play.get("all_pass", "draw")),
        draw_from_trays=play.get("draw_from_trays", True),
        start_hand=StartHand(hand.get("per_colour", 0), hand.get("first", 0), hand.get("others", 0)),
        first_turn_limit=play.get("first_turn_limit", 0) or None,
        goal=Goal(play["goal"]),
        goal_count=play.get("goal_count", 5),
        out_of_marbles=OutOfMarbles(play.get("out_of_marbles", "draw")),
        passing=Passing(play.get("passing", "never")),
        going_out=GoingOut(play.get("going_out", "never")),
        deal=None if deal == "random" else tuple(_ids(deal)),
    )


def _ids(deal: Sequence[str]) -> list[str]:
    return [str(d) for d in deal]
