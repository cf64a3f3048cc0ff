"""The class's web pages: plain HTML forms, no script at all (thin views).

Every word comes from `settemezzo.i18n` (keys ``class.*``); every name or value a person
typed is escaped. Every form of a signed-in student or teacher carries its form token
(``csrf``). The pages only draw what `settemezzo.classroom_server.service` and
`settemezzo.classroom_server.summary` return.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from settemezzo.classroom_server.names import MAX_NAME
from settemezzo.classroom_server.service import StudentView, is_tie
from settemezzo.classroom_server.store import Answer, Student
from settemezzo.classroom_server.summary import heat_map, progress
from settemezzo.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    banker_words,
    describe_rules,
    number,
    percent,
    points,
    t,
)
from settemezzo.teaching.cardsvg import back_svg, card_svg
from settemezzo.teaching.explain import best_sentence, choice_word, cost_text, reason_sentence
from settemezzo.teaching.tablelog import deck_words

__all__ = ["dashboard_page", "deck_note", "deck_word", "join_page", "judgement_text",
           "reset_page", "seat_name", "student_page", "students_page", "table_page", "tables_page",
           "teacher_login_page"]


_STYLE = """
body{font-family:system-ui,sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#111}
button{font-size:120%;padding:.4em 1.2em;margin:.2em}
input{font-size:120%;padding:.3em;margin:.2em}
.cards{font-size:200%;margin:.4em 0;display:flex;flex-wrap:wrap;align-items:center;gap:4px}
.cards small{font-size:50%;margin-left:.4em}.cards svg{flex:none}
.down{display:inline-flex;flex-direction:column;align-items:center;font-size:50%}
.down svg{outline:2px dashed #c60;outline-offset:1px}
.good{background:#e3f3e3;padding:.5em}.bad{background:#fbe3d0;padding:.5em}
.error{background:#fdd;padding:.5em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #999;padding:.2em .5em}
td.num{text-align:right}.heat td{text-align:center;min-width:3em}
.langs a{margin-right:.6em}.mark{font-family:monospace}
"""


def esc(x: object) -> str:
    """Text made safe for HTML."""
    return html.escape(str(x), quote=True)


def _page(title: str, body: str, lang: str, refresh: int | None = None) -> str:
    meta = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    langs = " ".join(f'<a href="?lang={k}">{esc(LANGUAGE_NAMES[k])}</a>' for k in LANGUAGES)
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{meta}'
            f"<title>{esc(title)}</title><style>{_STYLE}</style></head><body>"
            f'<div class="langs">{esc(t("class.language", lang))}: {langs}</div>'
            f"<h1>{esc(title)}</h1>{body}</body></html>")


def _error(message: str | None) -> str:
    return f'<p class="error" id="error">{esc(message)}</p>' if message else ""


def _token(csrf: str) -> str:
    return f'<input type="hidden" name="csrf" value="{esc(csrf)}">'


def join_page(lang: str, error: str | None = None, code: str = "", name: str = "") -> str:
    """The form a student fills in: the class code and a name."""
    body = (f"<h2>{esc(t('class.join_title', lang))}</h2>{_error(error)}"
            f'<form method="post" action="/join">'
            f'<p><label>{esc(t("class.code", lang))} <input name="code" id="code" '
            f'value="{esc(code)}" autocomplete="off" autocapitalize="characters" required>'
            f"</label></p>"
            f'<p><label>{esc(t("class.name", lang))} <input name="name" id="name" '
            f'value="{esc(name)}" maxlength="{MAX_NAME}" required></label></p>'
            f'<p><label>{esc(t("class.personal", lang))} <input name="personal" '
            f'id="personal" autocomplete="off" autocapitalize="characters"></label></p>'
            f'<p><button type="submit" id="join">{esc(t("class.join", lang))}</button></p>'
            f"</form>")
    return _page(t("class.title", lang), body, lang)


def _feedback(view: StudentView, lang: str, csrf: str) -> str:
    fb = view.feedback
    assert fb is not None
    row = fb.row
    best = best_sentence("either" if is_tie(fb) else fb.best, lang)
    if fb.correct or is_tie(fb):
        verdict = f'<p class="good" id="verdict">{esc(t("class.right", lang))} {esc(best)}</p>'
    else:
        verdict = (f'<p class="bad" id="verdict">{esc(t("class.wrong", lang))} {esc(best)} '
                   f'{esc(t("class.cost", lang, c=number(fb.cost, lang, 3)))}</p>')
    values = t("class.values", lang, stand=number(row.stand_ev, lang, 3, True),
               hit=number(row.hit_ev, lang, 3, True))
    bust = t("class.bust_if_hit", lang, p=percent(row.bust_if_hit, lang))
    facts = (f'<p id="facts">{esc(values)} {esc(bust)}</p>' if fb.question.kind == "play"
             else f'<p id="facts">{esc(reason_sentence(fb.judgement, lang))}</p>')
    nxt = "" if view.finished else (
        f'<form method="post" action="/next">{_token(csrf)}<button type="submit" id="next">'
        f'{esc(t("class.next", lang))}</button></form>')
    return verdict + facts + nxt


def _banker(against: str, lang: str) -> str:
    return banker_words(against, "class.banker_", lang)


def _personal(code: str, lang: str) -> str:
    return (f'<p class="good" id="personal_code">{esc(t("class.personal_is", lang))} '
            f'<b>{esc(code)}</b>. {esc(t("class.personal_keep", lang))}</p>') if code else ""


def _dealt(view: StudentView, lang: str) -> str:
    """The trainer's hand drawn: its face-down card first, marked as such, then the face-up
    ones (the text of the cards where the view has no cards)."""
    if not view.dealt:
        return esc(view.cards)
    first, *up = view.dealt
    return (f'<span class="down">{card_svg(first, lang, hidden=True)}<small>'
            f"{esc(t('class.face_down', lang))}</small></span>"
            + "".join(card_svg(c, lang) for c in up))


def student_page(view: StudentView, lang: str, csrf: str, personal: str = "") -> str:
    """A student's page: the hand and the two answers, or the verdict and 'Next hand'; the
    personal code first when it has just been given."""
    head = (_personal(personal, lang)
            + f"<p><b>{esc(t('class.hello', lang, name=view.student.name))}</b> · "
            f"{esc(t('class.round', lang, r=view.round))} · "
            f"{esc(t('class.hand', lang, i=view.hand, n=view.hands))}</p>"
            f'<div class="cards" id="cards">{_dealt(view, lang)}</div>'
            f"<p>{esc(t('class.your_cards', lang, cards=view.cards, t=view.total))}</p>"
            f"<p><small>{esc(t('class.against', lang, banker=_banker(view.against, lang)))}"
            f"</small></p>")
    if view.feedback is None:
        act = (f'<form method="post" action="/answer">'
               f'<input type="hidden" name="hand" value="{view.hand}">{_token(csrf)}'
               + "".join(f'<button type="submit" name="choice" value="{esc(c)}" '
                         f'id="{esc(c.replace(":", "_"))}">{esc(choice_word(c, lang))}</button>'
                         for c in view.choices) + "</form>")
    else:
        act = _feedback(view, lang, csrf)
    score = t("class.done" if view.finished else "class.score", lang, r=view.right,
              n=view.answered, acc=percent(view.right / view.answered if view.answered
                                           else 0.0, lang),
              lost=number(view.stakes_lost, lang, 3))
    table = f'<p><a href="/table" id="to_table">{esc(t("class.to_table", lang))}</a></p>'
    return _page(t("class.title", lang),
                 head + act + f'<p id="score">{esc(score)}</p>' + table, lang)


def teacher_login_page(lang: str, error: str | None = None) -> str:
    """The teacher's code form."""
    body = (f"{_error(error)}<form method=\"post\" action=\"/teacher\">"
            f'<p><label>{esc(t("class.teacher_code", lang))} <input name="code" '
            f'id="teacher_code" type="password" required></label></p>'
            f'<p><button type="submit" id="open">{esc(t("class.open", lang))}</button></p>'
            f"</form>")
    return _page(t("class.teacher_title", lang), body, lang)


def _table(heads: Sequence[str], rows: Sequence[Sequence[str]], ident: str) -> str:
    th = "".join(f"<th>{esc(h)}</th>" for h in heads)
    trs = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table id="{ident}"><tr>{th}</tr>{trs}</table>'


def _scoreboard(summary: dict[str, Any], lang: str) -> str:
    heads = [t(f"class.col_{k}", lang) for k in ("name", "answered", "right", "accuracy",
                                                  "lost", "seconds")]
    rows = [[s["name"], str(s["answered"]), str(s["right"]), percent(s["accuracy"], lang),
             number(s["stakes_lost"], lang, 3), number(s["mean_seconds"], lang, 1)]
            for s in summary["scoreboard"]]
    return f"<h2>{esc(t('class.scoreboard', lang))}</h2>" + _table(heads, rows, "scoreboard")


def _heat(answers: Sequence[Answer], lang: str) -> str:
    hm = heat_map(answers)
    out = [f"<h2>{esc(t('class.heat_title', lang))}</h2>"]
    if not hm.cells:
        return out[0]
    head = "".join(f"<th>{esc(points(c))}</th>" for c in hm.totals)
    out.append(f'<table class="heat" id="heatmap"><tr><th>{esc(t("class.heat_rows", lang))}'
               f' \\ {esc(t("class.heat_cols", lang))}</th>{head}</tr>')
    for h in hm.holes:
        cells = []
        for c in hm.totals:
            share = hm.share(h, c)
            if share is None:
                cells.append("<td></td>")
                continue
            wrong, n = hm.cells[(h, c)]
            grey = 255 - round(155 * share)
            title = esc(t("class.heat_cell", lang, w=wrong, n=n))
            cells.append(f'<td style="background:rgb({grey},{grey},{grey})" '
                         f'title="{title}">{wrong}/{n}</td>')
        out.append(f"<tr><th>{esc(h)}</th>{''.join(cells)}</tr>")
    return "".join(out) + "</table>"


def _costly(summary: dict[str, Any], lang: str) -> str:
    heads = [t(f"class.col_{k}", lang) for k in ("name", "state", "choice", "best", "cost")]
    rows = [[c["name"], c["state"], choice_word(c["choice"], lang, inline=True),
             choice_word(c["best"], lang, inline=True),
             number(c["cost"], lang, 3)]
            for c in summary["costliest"]]
    return f"<h2>{esc(t('class.costly', lang))}</h2>" + _table(heads, rows, "costliest")


def _progress(answers: Sequence[Answer], lang: str) -> str:
    rows = []
    for name, steps in sorted(progress(answers).items()):
        marks = "".join("✓" if a.correct else "✗" for a in answers if a.name == name)
        rows.append([name, marks, percent(steps[-1][1], lang)])
    heads = [t("class.col_name", lang), t("class.progress_axis", lang),
             t("class.col_accuracy", lang)]
    return f"<h2>{esc(t('class.progress', lang))}</h2>" + _table(heads, rows, "progress")


def _table_answers(answers: Sequence[Answer], lang: str) -> str:
    """Every judged decision at the tables, with the banker and the deck each is judged
    against."""
    heads = [t(f"class.col_{k}", lang) for k in ("name", "table", "hand", "decision", "state",
                                                  "choice", "best", "cost", "verdict",
                                                  "against", "deck")]
    rows = [[a.name, str(a.table), str(a.hand), t(f"class.decision_{a.decision}", lang),
             a.state, choice_word(a.choice, lang, inline=True),
             choice_word(a.best, lang, inline=True),
             cost_text(a.cost, lang),
             t("class.verdict_right" if a.correct else "class.verdict_wrong", lang),
             _banker(a.banker, lang), deck_word(a, lang)] for a in answers]
    return (f"<h2>{esc(t('class.table_answers', lang))}</h2>"
            + _table(heads, rows, "table_answers"))


def _live_table(screen: Any, lang: str) -> str:
    """One table as the dashboard shows it: every seat's cards as the table sees them, whose
    turn, the bank, the deck."""
    seats = "".join(_seat_html(screen, s, lang) for s in screen.seats)
    head = (f"<h3>{esc(t('class.table_n', lang, n=screen.table))} · "
            f"{esc(t('class.hand_no', lang, i=max(screen.hand_no, 1)))} · "
            f"{esc(describe_rules(screen.rules, lang))}</h3>")
    over = _over_html(screen, lang) if screen.over else ""
    coming = (f'<p class="coming"><small>{esc(t("class.table_coming", lang, n=screen.coming))}'
              "</small></p>") if screen.coming else ""
    return (f'<div class="live" id="table{screen.table}">{head}{_turn_line(screen, lang)}'
            f"{_bank_lines(screen, lang)}{seats}{over}{coming}{_deck_line(screen, lang)}"
            "</div>")


def _open_table_form(lang: str, csrf: str, rule_sets: Sequence[tuple[str, str]]) -> str:
    options = "".join(f'<option value="{esc(spec)}">{esc(name)}</option>'
                      for spec, name in [("", t("class.opt_class_rules", lang)), *rule_sets])
    feedback = "".join(f'<option value="{k}">{esc(t(f"class.opt_feedback_{k}", lang))}'
                       "</option>" for k in ("now", "hand"))
    return (f'<form method="post" action="/teacher/table" id="open_table_form">{_token(csrf)}'
            f'<label>{esc(t("class.opt_seats", lang))} <input type="number" name="seats" '
            f'id="opt_seats" min="2" max="8" value="4"></label> '
            f'<label>{esc(t("class.opt_rules", lang))} <select name="rules" id="opt_rules">'
            f"{options}</select></label> "
            f'<label><input type="checkbox" name="fresh_deck" value="yes" id="opt_fresh"> '
            f'{esc(t("class.opt_fresh", lang))}</label><br>'
            f'<label>{esc(t("class.opt_timeout", lang))} <input type="number" name="timeout" '
            f'id="opt_timeout" min="0" max="3600" value="60"></label> '
            f'<label>{esc(t("class.opt_feedback", lang))} <select name="feedback" '
            f'id="opt_feedback">{feedback}</select></label> '
            f'<label>{esc(t("class.opt_tolerance", lang))} <input name="tolerance" '
            f'id="opt_tolerance" value="0.01" inputmode="decimal"></label> '
            f'<label>{esc(t("class.opt_hands", lang))} <input type="number" name="hands" '
            f'id="opt_hands" min="0" max="100" value="0"></label> '
            f'<button type="submit" id="open_table">{esc(t("class.open_table", lang))}'
            "</button></form>")


def dashboard_page(summary: dict[str, Any], answers: Sequence[Answer], lang: str, url: str,
                   class_code: str, csrf: str, tables: Sequence[Any] = (),
                   rule_sets: Sequence[tuple[str, str]] = (), against: str = "equilibrium",
                   trainer_summary: dict[str, Any] | None = None) -> str:
    """The teacher's dashboard: the trainer's answers (judged against ``against``), every
    table live and the decisions judged there, apart; it reloads itself every 3 seconds
    (no script), so the reset asks for its confirmation on a page of its own."""
    trainer = [a for a in answers if a.kind == "trainer"]
    at_tables = [a for a in answers if a.kind == "table"]
    line = t("class.summary_line", lang, r=summary["round"], seed=summary["seed"],
             s=summary["students"], n=summary["answers"], right=summary["right"],
             lost=number(summary["stakes_lost"], lang, 3))
    exports = " · ".join(
        f'<a href="/teacher/{path}" id="{ident}">{esc(t(key, lang))}</a>'
        for path, ident, key in (("scoreboard.csv", "csv", "class.export_csv"),
                                 ("answers.csv", "answers_csv", "class.export_answers"),
                                 ("summary.pdf", "pdf", "class.export_pdf")))
    exports += (f' · <a href="/teacher/students" id="manage">'
                f'{esc(t("class.manage", lang))}</a>')
    actions = (f'<form method="post" action="/teacher/new-round" style="display:inline">'
               f'{_token(csrf)}'
               f'<button type="submit" id="new_round">{esc(t("class.new_round", lang))}'
               f"</button></form>"
               f'<a href="/teacher/reset" id="reset_open">{esc(t("class.reset_open", lang))}'
               "</a> "
               f'<form method="post" action="/teacher/logout" style="display:inline">'
               f'{_token(csrf)}<button type="submit" id="logout">'
               f'{esc(t("class.logout", lang))}</button></form>')
    trainer_part = (f'<h2 id="trainer_title">'
                    f'{esc(t("class.trainer_answers", lang, banker=_banker(against, lang)))}'
                    "</h2>" + _scoreboard(trainer_summary or summary, lang)
                    + _heat(trainer, lang) + _costly(trainer_summary or summary, lang)
                    + _progress(trainer, lang)) if trainer else ""
    table_part = (f"<h2>{esc(t('class.tables_title', lang))}</h2>"
                  + "".join(_live_table(s, lang) for s in tables)
                  + _open_table_form(lang, csrf, rule_sets)
                  + (_table_answers(at_tables, lang) if at_tables else ""))
    body = (f'<p id="how"><b>{esc(t("class.join_how", lang, url=url, code=class_code))}</b>'
            f'</p><p id="summary">{esc(line)}</p><p>{exports}</p>'
            + (trainer_part if answers else
               f'<p id="nobody">{esc(t("class.nobody", lang))}</p>')
            + table_part + f"<p>{actions}</p>")
    return _page(t("class.teacher_title", lang), body, lang, refresh=3)


def reset_page(lang: str, csrf: str, refused: bool = False) -> str:
    """The reset's confirmation, on a page that does not reload itself; ``refused`` says
    that a reset sent without the box ticked did nothing."""
    body = (_error(t("class.reset_not", lang) if refused else None)
            + f'<p>{esc(t("class.reset_ask", lang))}</p>'
            f'<form method="post" action="/teacher/reset">{_token(csrf)}'
            f'<label><input type="checkbox" name="confirm" value="yes" id="reset_confirm"> '
            f'{esc(t("class.reset_confirm", lang))}</label> <button type="submit" id="reset">'
            f'{esc(t("class.reset", lang))}</button></form>'
            f'<p><a href="/teacher" id="to_dashboard">{esc(t("class.to_dashboard", lang))}'
            "</a></p>")
    return _page(t("class.reset_title", lang), body, lang)


# -- the table ----------------------------------------------------------------------------------
_BUTTONS = (("hit", "ui.hit"), ("stand", "ui.stand"), ("swap", "class.swap"),
            ("burn", "class.burn"), ("split", "word.split"), ("next_hand", "class.next"),
            ("new_game", "class.new_game"))


def seat_name(screen: Any, seat: int, lang: str) -> str:
    """A seat's name: its student's, or a computer's by its place among the computers (no
    seat is ever called "Bank")."""
    name = screen.names[seat]
    if name is not None:
        return str(name)
    computers = [s for s in range(len(screen.names)) if screen.names[s] is None]
    return t("class.computer_seat", lang, i=computers.index(seat) + 1)


def _cards(h: Any, lang: str) -> str:
    """A hand's cards as pictures (`settemezzo.teaching.cardsvg`): another seat's face-down
    card as a card's back; the viewer's own face-down card drawn as such (after a swap, the
    card now face down), named and marked face down."""
    out = []
    for i, c in enumerate(h.cards):
        if c is None:
            out.append(back_svg(lang))
        elif i == h.face_down:
            out.append(f'<span class="down">{card_svg(c, lang, hidden=True)}<small>'
                       f"{esc(t('class.face_down', lang))}</small></span>")
        else:
            out.append(card_svg(c, lang))
    return "".join(out)


def _seat_html(screen: Any, seat: Any, lang: str) -> str:
    name = seat_name(screen, seat.seat, lang)
    marks = []
    if seat.seat == screen.mine:
        marks.append(t("class.you", lang))
    if seat.seat == screen.hand_banker:
        marks.append(t("class.holds_bank", lang))
    hands = []
    for h in seat.hands:
        extra = []
        if any(c is not None for c in h.cards):
            extra.append(t("word.total", lang, t=h.total_label))
        if h.stake:
            extra.append(t("class.your_stake", lang, n=h.stake))
        if h.result:
            extra.append(t(f"class.{h.result}", lang, g=abs(h.gain)))
        hands.append(f'<div class="cards">{_cards(h, lang)}<small>{esc(" · ".join(extra))}'
                     f"</small></div>")
    turn = ' style="border:3px solid #c60"' if seat.to_play else ""
    head = f"<b>{esc(name)}</b>" + (f" ({esc(', '.join(marks))})" if marks else "")
    return (f'<div class="seat" id="seat{seat.seat}"{turn}>{head} · '
            f"{esc(t('word.chips', lang, n=seat.chips))}{''.join(hands)}</div>")


def _bank_lines(screen: Any, lang: str) -> str:
    """Who holds the bank this hand and, once it is over, who takes it next, in words."""
    banker = seat_name(screen, screen.hand_banker, lang)
    if screen.next_banker is None:
        lines = [t("class.bank_now", lang, name=banker)]
    else:
        nxt = seat_name(screen, screen.next_banker, lang)
        lines = [t("class.bank_played", lang, name=banker),
                 t("class.bank_keeps" if screen.next_banker == screen.hand_banker
                   else "class.bank_next", lang, name=nxt)]
    return f'<p id="bank">{esc(" ".join(lines))}</p>'


def _turn_line(screen: Any, lang: str) -> str:
    if screen.to_play is None:
        text = t("class.turn_nobody", lang)
    elif screen.to_play == screen.mine:
        text = t("class.turn_yours", lang)
    else:
        text = t("class.turn_of", lang, name=seat_name(screen, screen.to_play, lang))
    if screen.deadline is not None:
        text += " " + t("class.your_time", lang, s=max(0, round(screen.deadline)))
    return f'<p id="turn"><b>{esc(text)}</b></p>'


def _deck_line(screen: Any, lang: str) -> str:
    dealt, left = screen.deck
    words = deck_words(screen.options.fresh_deck, dealt, left, lang)
    return f'<p id="deck"><small>{esc(words)}</small></p>'


def _over_html(screen: Any, lang: str) -> str:
    rows = [[seat_name(screen, s, lang), str(c)] for s, c in screen.standings]
    top = screen.standings[0]
    return (f'<p id="over">{esc(t("class.game_over", lang))} <b id="winner">'
            f'{esc(t("class.winner", lang, name=seat_name(screen, top[0], lang), n=top[1]))}'
            f"</b></p><h2>{esc(t('class.standings', lang))}</h2>"
            + _table([t("class.col_seat", lang), t("class.col_chips", lang)], rows,
                     "standings"))


def judgement_text(a: Answer, lang: str) -> str:
    """A table answer's verdict, its values, its reason and the deck they were taken
    with (`deck_note`), in one paragraph."""
    from settemezzo.teaching.judge import Judgement

    choice = choice_word(a.choice, lang, inline=True)
    if a.correct:
        verdict = t("class.judged_either" if a.best == "either" else "class.judged_right",
                    lang, choice=choice)
    else:
        verdict = t("class.judged_wrong", lang, choice=choice,
                    best=choice_word(a.best, lang, inline=True), c=cost_text(a.cost, lang))
    values = ", ".join(f"{choice_word(k, lang, inline=True)} {number(v, lang, 3, True)}"
                       for k, v in a.values.items())
    reason = reason_sentence(Judgement(a.decision, a.choice, a.best, a.values, a.cost,
                                       a.correct, a.banker, a.reason, a.reason_args), lang) \
        if a.reason else ""
    return " ".join(x for x in (verdict, t("class.judged_values", lang, values=values),
                                reason, deck_note(a, lang)) if x)


def _deck_of(a: Answer) -> tuple[str, int] | None:
    """How a table answer's deck was taken: ``(fresh | seen | unsolved, cards seen)`` (None
    for an answer that does not say). ``unsolved``: the deck less the cards seen was too
    small for the exact game, so a full deck's values judged it."""
    seen, unsolved = a.reason_args.get("seen"), a.reason_args.get("unsolved")
    if isinstance(unsolved, int) and unsolved:
        return "unsolved", unsolved
    if not isinstance(seen, (int, float)):
        return None
    return ("seen", int(seen)) if seen else ("fresh", 0)


def deck_note(a: Answer, lang: str) -> str:
    """Which deck a table answer's values were taken with, in a sentence: a full deck, the
    deck less the cards seen since the shuffle, or a full deck because that one could run
    out within the hand ("" for an answer that does not say)."""
    how = _deck_of(a)
    return "" if how is None else t(f"class.judged_{how[0]}", lang, n=how[1])


def deck_word(a: Answer, lang: str) -> str:
    """`deck_note` in a few words, for the dashboard's column."""
    how = _deck_of(a)
    return "" if how is None else t(f"class.deck_col_{how[0]}", lang, n=how[1])


def _judged_html(screen: Any, lang: str) -> str:
    items = [f'<li class="{"good" if a.correct else "bad"}">{esc(judgement_text(a, lang))}'
             "</li>" for a in screen.judged]
    if screen.coming:
        items.append(f'<li id="coming">{esc(t("class.judge_coming", lang))}</li>')
    if not items:
        return ""
    return (f'<div id="feedback"><b>{esc(t("class.judged_hand", lang))}</b>'
            f"<ul>{''.join(items)}</ul></div>")


def _moves_html(screen: Any, lang: str, hidden: str) -> str:
    forms = []
    if screen.stake_range is not None:
        lo, hi = screen.stake_range
        forms.append(f'<form method="post" action="/table">{hidden}<label>'
                     f'{esc(t("word.stake", lang))} <input type="number" name="amount" '
                     f'id="amount" min="{lo}" max="{hi}" value="{screen.default_stake}">'
                     f'</label><button type="submit" name="action" value="stake" id="stake">'
                     f'{esc(t("class.bet", lang))}</button></form>')
    buttons = "".join(f'<button type="submit" name="action" value="{a}" id="{a}">'
                      f"{esc(t(key, lang))}</button>"
                      for a, key in _BUTTONS if a in screen.allowed)
    if buttons:
        forms.append(f'<form method="post" action="/table">{hidden}{buttons}</form>')
    return "".join(forms)


def table_page(screen: Any, name: str, lang: str, csrf: str) -> str:
    """A student's page at a shared table: whose turn, the bank, the seats (their own
    face-down card shown to them only), the moves allowed now, their judgements, and at the
    end the winner, the standings and a new game. It reloads itself while others play."""
    head = (f"<p><b>{esc(t('class.hello', lang, name=name))}</b> · "
            f"{esc(t('class.table_n', lang, n=screen.table))} · "
            f"{esc(t('class.hand_no', lang, i=max(screen.hand_no, 1)))}</p>")
    hidden = f'<input type="hidden" name="seq" value="{screen.seq}">{_token(csrf)}'
    body = (head + _turn_line(screen, lang) + _bank_lines(screen, lang)
            + "".join(_seat_html(screen, s, lang) for s in screen.seats)
            + _moves_html(screen, lang, hidden) + _judged_html(screen, lang)
            + (_over_html(screen, lang) if screen.over else "") + _deck_line(screen, lang)
            + f'<form method="post" action="/table/leave">{_token(csrf)}<button type="submit" '
            f'id="leave">{esc(t("class.leave", lang))}</button></form>'
            f'<p><a href="/play" id="to_trainer">{esc(t("class.to_trainer", lang))}</a></p>')
    mine = (screen.to_play == screen.mine and screen.stake_range is not None) or \
        (screen.to_play == screen.mine and screen.allowed)
    wait: int | None = 2           # others play, a judgement comes: seen within 2 s
    if mine:       # no reload under a student's hand: a judgement on its way (its deck's
        # values may take seconds) shows on the page after her move
        wait = None if screen.deadline is None else max(1, round(screen.deadline) + 1)
    return _page(t("class.table_title", lang), body, lang, refresh=wait)


def tables_page(rows: Sequence[Any], student: int, lang: str, csrf: str) -> str:
    """The tables a student may sit at (the teacher's), and a table of their own."""
    items = []
    for row in rows:
        if row.owner not in (None, student):
            continue
        seats = json_options(row.options)["seats"]
        items.append(f'<li><form method="post" action="/table/sit" style="display:inline">'
                     f'{_token(csrf)}<input type="hidden" name="table" value="{row.id}">'
                     f'<button type="submit" id="sit{row.id}">'
                     f'{esc(t("class.sit", lang, n=row.id))}</button></form> '
                     f'{esc(t("class.seats_taken", lang, n=len(row.seated), m=seats - 1))}'
                     "</li>")
    listing = (f'<ul id="tables">{"".join(items)}</ul>' if items
               else f'<p id="no_tables">{esc(t("class.no_tables", lang))}</p>')
    own = (f'<form method="post" action="/table/own">{_token(csrf)}<button type="submit" '
           f'id="own_table">{esc(t("class.own_table", lang))}</button></form>')
    back = f'<p><a href="/play" id="to_trainer">{esc(t("class.to_trainer", lang))}</a></p>'
    return _page(t("class.tables_title", lang), listing + own + back, lang, refresh=5)


def json_options(text: str) -> dict[str, Any]:
    """A table's options as stored (JSON)."""
    import json

    return dict(json.loads(text))


def students_page(students: Sequence[Student], lang: str, csrf: str,
                  error: str | None = None) -> str:
    """The teacher's list of students: rename, release or remove each (no reload, so a
    name can be typed)."""
    rows = []
    for s in students:
        hidden = f'{_token(csrf)}<input type="hidden" name="student" value="{s.id}">'
        state = f" ({esc(t('class.released', lang))})" if s.released else ""
        rows.append(
            f"<tr><td>{esc(s.name)}{state}</td><td>"
            f'<form method="post" action="/teacher/student" style="display:inline">{hidden}'
            f'<input name="name" value="{esc(s.name)}" maxlength="{MAX_NAME}" required>'
            f'<button type="submit" name="action" value="rename">'
            f'{esc(t("class.rename", lang))}</button></form> '
            f'<form method="post" action="/teacher/student" style="display:inline">{hidden}'
            f'<button type="submit" name="action" value="release">'
            f'{esc(t("class.release", lang))}</button>'
            f'<button type="submit" name="action" value="remove">'
            f'{esc(t("class.remove", lang))}</button></form></td></tr>')
    body = (f'{_error(error)}<p>{esc(t("class.students_help", lang))}</p>'
            f'<table id="students"><tr><th>{esc(t("class.col_name", lang))}</th><th></th></tr>'
            f'{"".join(rows)}</table>'
            f'<p><a href="/teacher" id="to_dashboard">{esc(t("class.to_dashboard", lang))}'
            f"</a></p>")
    return _page(t("class.students", lang), body, lang)
