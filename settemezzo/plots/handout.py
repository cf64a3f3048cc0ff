"""The printable handout: one A4 page per rule set with the strategy chart, the numbers to
remember and the rules in brief (`handout_page`), written as one PDF (`write_handout`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from settemezzo.i18n import (
    check_lang,
    describe_rules,
    percent,
    points,
    policy_label,
    restriction_what,
    rule_change,
    t,
)
from settemezzo.plots.strategy import split_text, stake_text, strategy_chart, swap_text
from settemezzo.plots.style import (
    A4_PORTRAIT,
    ChartError,
    wrap,
)
from settemezzo.rules import ITALIAN, Rules
from settemezzo.tables import HandoutNumbers

__all__ = [
    "handout_numbers",
    "handout_page",
    "rules_brief",
    "write_handout",
]


def handout_numbers(rules: Rules = ITALIAN) -> HandoutNumbers:
    """The handout's numbers of ``rules`` (`settemezzo.tables.handout_numbers`), from the
    one owner of solved results (`settemezzo.results`): precomputed or computed once."""
    from settemezzo.results import get

    return get(rules).handout_numbers()


def rules_brief(rules: Rules, lang: str = "en") -> list[str]:
    """The rules in brief, one sentence or two per line, following ``rules``: when the
    stake is placed (before the deal, or after the first card between the limits), what a
    7½ pays, and each variant that changes a hand (wild K♦, burning, the hidden-card swap,
    splitting figures, royal 7½, pair of sevens, ties)."""
    check_lang(lang)
    lines = [t("brief.cards", lang)]
    if rules.wild_king:
        lines[0] += " " + t("brief.wild", lang)
    if rules.stake_timing == "after_first_card":
        later = ""
        if rules.final_min_stake is not None and rules.final_max_stake is not None and (
                rules.final_min_stake, rules.final_max_stake) != (rules.min_stake,
                                                                  rules.max_stake):
            later = t("brief.stake_later", lang, lo=rules.final_min_stake,
                      hi=rules.final_max_stake)
        lines.append(t("brief.stake_after", lang, lo=rules.min_stake, hi=rules.max_stake,
                       later=later))
    else:
        lines.append(t("brief.stake_before", lang))
    if rules.burn:
        cards = [str(c) for c in sorted(rules.burn)]
        lines.append(t("brief.burn", lang, cards=f" {t('word.or', lang)} ".join(cards)))
    lines.append(t("brief.turn", lang))
    if rules.swap_hidden:
        lines[-1] += " " + t("brief.swap", lang)
    if rules.split_figures > 1:
        lines.append(t("brief.split", lang) + (
            t("brief.resplit", lang, n=rules.split_figures) if rules.split_figures > 2
            else ""))
    lines.append(t("brief.banker", lang))
    settle = t("brief.settle_push" if rules.ties_push else "brief.settle", lang)
    pays = (t("brief.pays_seven", lang, n=rules.seven_half_pays)
            if rules.seven_half_pays != 1 else t("brief.pays", lang))
    lines.append(settle + " " + pays)
    extras = [t(key, lang) for key, on in (("brief.royal", rules.royal),
                                           ("brief.pair", rules.pair_of_sevens)) if on]
    if extras:
        lines.append(" ".join(extras))
    return lines


def _preset_name(rules: Rules) -> str:
    """What ``--rules`` takes to make this page again: the rule set's spec."""
    return rules.spec()


def handout_page(rules: Rules, table: pd.DataFrame, numbers: HandoutNumbers, *,
                 lang: str = "en") -> Figure:
    """One printable A4 page: the strategy chart (from ``table``, a
    `settemezzo.tables.player_table` against the equilibrium banker), the numbers to
    remember (``numbers``, from `handout_numbers`), and the rules in brief."""
    check_lang(lang)
    fig = Figure(figsize=A4_PORTRAIT)
    fig.text(0.5, 0.965, t("handout.title", lang), ha="center", va="top", fontsize=17,
             fontweight="bold")
    fig.text(0.5, 0.935, describe_rules(rules, lang), ha="center", va="top",
             fontsize=11)
    from settemezzo.game import restriction_codes

    codes = restriction_codes(rules)
    brief = rules_brief(rules, lang)
    parts = [rule_change(name, value, lang) for name, value in rules.changes()]
    if parts:
        brief.append(t("handout.variants_line", lang, variants=", ".join(parts)))
    brief = [wrap(line, 100) for line in brief]
    stakes = stake_text(table, lang)
    plays = [" ".join(x for x in (swap_text(table, lang), split_text(table, lang)) if x)]
    plays = [x for x in plays if x]     # one line or two: the chart keeps its room
    # the chart gives up room to a long rules section (7 lines fit below it), to the stake
    # line, and to a restricted game's note (two more title lines)
    n_lines = sum(b.count("\n") + 1 for b in brief) + sum(
        wrap(x, 100).count("\n") + 1 for x in ([stakes] if stakes else []) + plays)
    extra = 0.0185 * max(0, n_lines - 7) + 0.005 * len(plays)
    ax = fig.add_axes((0.1, 0.525 + extra, 0.85, (0.33 if codes else 0.36) - extra))
    against = str(table.attrs.get("against", "equilibrium"))
    strategy_chart(table, ax=ax, lang=lang, title=t(
        "strategy_chart.title", lang) + " — " + t("policy.against", lang,
                                                  policy=policy_label(against, lang)),
        note_below=False)
    y = 0.445 + extra
    fig.text(0.07, y, t("handout.numbers_title", lang), fontsize=13, fontweight="bold", va="top")
    y -= 0.03
    best = numbers.best_threshold
    edge_text = percent(numbers.banker_edge, lang, 1)
    lines = [t("handout.edge_line_bound", lang, edge=edge_text, what=restriction_what(codes, lang))
             if codes else t("handout.edge_line", lang, edge=edge_text),
             t("handout.thumb_line", lang, k=points(best),
               loss=percent(-numbers.thresholds[best], lang, 2),
               best=percent(numbers.banker_edge, lang, 2))]
    if best != 10 and 10 in numbers.thresholds:
        lines[-1] += " " + t("handout.thumb_other", lang, k="5",
                             loss=percent(-numbers.thresholds[10], lang, 2))
    for line in [*([stakes] if stakes else []), *plays, *lines, t("handout.bust_line", lang)]:
        text = wrap(line, 100)
        fig.text(0.07, y, "• " + text.replace("\n", "\n   "), fontsize=9.5, va="top")
        y -= 0.018 * (text.count("\n") + 1) + 0.005
    bust = numbers.bust
    one = bust[bust["series"] == "one_card"]
    two = bust[bust["series"] == "two_cards"]
    halves = sorted(set(int(h) for h in bust["total_half"]))
    by_total: dict[int, float] = {}
    for frame in (two, one):  # a single card wins where both exist (the commoner hand)
        for h, p in zip(frame["total_half"], frame["bust"], strict=True):
            by_total[int(h)] = float(p)
    tab = fig.add_axes((0.2, y - 0.05, 0.74, 0.045))
    tab.axis("off")
    table_artist = tab.table(
        cellText=[[points(h) for h in halves], [percent(by_total[h], lang, 0) for h in halves]],
        rowLabels=[t("handout.your_total", lang), t("handout.bust_row", lang)], loc="center",
        cellLoc="center")
    table_artist.auto_set_font_size(False)
    table_artist.set_fontsize(8.5)
    table_artist.scale(1, 1.25)
    y -= 0.08
    fig.text(0.07, y, t("handout.rules_title", lang), fontsize=13, fontweight="bold", va="top")
    y -= 0.03
    for text in brief:
        fig.text(0.07, y, "• " + text.replace("\n", "\n   "), fontsize=9.5, va="top")
        y -= 0.018 * (text.count("\n") + 1) + 0.005
    fig.text(0.5, 0.02, t("handout.footer", lang, preset=_preset_name(rules), language=lang),
             ha="center", va="bottom", fontsize=7.5, color="#555555")
    return fig


def write_handout(pages: Sequence[tuple[Rules, pd.DataFrame, HandoutNumbers]],
                  path: str | Path, *, lang: str = "en") -> Path:
    """Write a PDF with one A4 `handout_page` per rule set; returns the path."""
    from matplotlib.backends.backend_pdf import PdfPages

    check_lang(lang)
    path = Path(path)
    if path.suffix.lower() != ".pdf":
        raise ChartError(f"a handout is a PDF: the file name must end in .pdf, got {str(path)!r}")
    if not pages:
        raise ChartError("no rule set to put in the handout")
    path.parent.mkdir(parents=True, exist_ok=True)
    with PdfPages(path) as pdf:
        for rules, table, numbers in pages:
            pdf.savefig(handout_page(rules, table, numbers, lang=lang))
    return path
