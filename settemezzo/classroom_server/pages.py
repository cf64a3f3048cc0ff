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
from settemezzo.i18n import LANGUAGE_NAMES, LANGUAGES, banker_words, number, percent, points, t
from settemezzo.teaching.explain import choice_word, reason_sentence

__all__ = ["dashboard_page", "join_page", "student_page", "students_page", "table_page",
           "teacher_login_page"]


_STYLE = """
body{font-family:system-ui,sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#111}
button{font-size:120%;padding:.4em 1.2em;margin:.2em}
input{font-size:120%;padding:.3em;margin:.2em}
.cards{font-size:200%;margin:.4em 0}
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
    best = _choice(fb.best, lang)
    if is_tie(fb):
        verdict = f'<p class="good" id="verdict">{esc(t("class.right", lang))} ' \
                  f'{esc(t("class.tie", lang))}</p>'
    elif fb.correct:
        verdict = f'<p class="good" id="verdict">{esc(t("class.right", lang))} ' \
                  f'{esc(t("class.best_is", lang, play=best))}</p>'
    else:
        verdict = (f'<p class="bad" id="verdict">{esc(t("class.wrong", lang))} '
                   f'{esc(t("class.best_is", lang, play=best))} '
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


def _choice(choice: str, lang: str) -> str:
    """A choice or a best play in the verdict and the dashboard ('stand', 'mixed', 'split',
    'stake:3'...)."""
    if choice in ("stand", "hit", "mixed", "either"):
        return t(f"class.play_{choice}", lang)
    return choice_word(choice, lang)


def _answer_word(choice: str, lang: str) -> str:
    """An answer's button: 'Stand', 'Hit', 'Split', 'Stake 3'..."""
    return t(f"ui.{choice}", lang) if choice in ("stand", "hit") else choice_word(choice, lang)


def _banker(against: str, lang: str) -> str:
    return banker_words(against, "class.banker_", lang)


def _personal(code: str, lang: str) -> str:
    return (f'<p class="good" id="personal_code">{esc(t("class.personal_is", lang))} '
            f'<b>{esc(code)}</b>. {esc(t("class.personal_keep", lang))}</p>') if code else ""


def student_page(view: StudentView, lang: str, csrf: str, personal: str = "") -> str:
    """A student's page: the hand and the two answers, or the verdict and 'Next hand'; the
    personal code first when it has just been given."""
    head = (_personal(personal, lang)
            + f"<p><b>{esc(t('class.hello', lang, name=view.student.name))}</b> · "
            f"{esc(t('class.round', lang, r=view.round))} · "
            f"{esc(t('class.hand', lang, i=view.hand, n=view.hands))}</p>"
            f'<div class="cards" id="cards">{esc(view.cards)}</div>'
            f"<p>{esc(t('class.your_cards', lang, cards=view.cards, t=view.total))}</p>"
            f"<p><small>{esc(t('class.against', lang, banker=_banker(view.against, lang)))}"
            f"</small></p>")
    if view.feedback is None:
        act = (f'<form method="post" action="/answer">'
               f'<input type="hidden" name="hand" value="{view.hand}">{_token(csrf)}'
               + "".join(f'<button type="submit" name="choice" value="{esc(c)}" '
                         f'id="{esc(c.replace(":", "_"))}">{esc(_answer_word(c, lang))}</button>'
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
    rows = [[c["name"], c["state"], _choice(c["choice"], lang), _choice(c["best"], lang),
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


def dashboard_page(summary: dict[str, Any], answers: Sequence[Answer], lang: str, url: str,
                   class_code: str, csrf: str) -> str:
    """The teacher's dashboard; it reloads itself every 3 seconds (no script)."""
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
               f'{_token(csrf)}'''
               f'<button type="submit" id="new_round">{esc(t("class.new_round", lang))}'
               f"</button></form>"
               f'<form method="post" action="/teacher/reset" style="display:inline">'
               f'{_token(csrf)}'''
               f'<label><input type="checkbox" name="confirm" value="yes" required '
               f'id="reset_confirm"> <button type="submit" id="reset">'
               f'{esc(t("class.reset", lang))}</button></label>'
               f"</form>"
               f'<form method="post" action="/teacher/logout" style="display:inline">'
               f'{_token(csrf)}<button type="submit" id="logout">'
               f'{esc(t("class.logout", lang))}</button></form>')
    body = (f'<p id="how"><b>{esc(t("class.join_how", lang, url=url, code=class_code))}</b>'
            f'</p><p id="summary">{esc(line)}</p><p>{exports}</p>'
            + (_scoreboard(summary, lang) + _heat(answers, lang) + _costly(summary, lang)
               + _progress(answers, lang) if answers
               else f'<p id="nobody">{esc(t("class.nobody", lang))}</p>')
            + f"<p>{actions}</p>")
    return _page(t("class.teacher_title", lang), body, lang, refresh=3)


# -- the table ----------------------------------------------------------------------------------
_BUTTONS = (("hit", "ui.hit"), ("stand", "ui.stand"), ("swap", "class.swap"),
            ("burn", "class.burn"), ("split", "word.split"), ("next_hand", "class.next"))


def _seat_html(seat: Any, lang: str) -> str:
    name = t("word.bank", lang) if seat.banker else seat.name
    hands = []
    for h in seat.hands:
        cards = " ".join(esc(c) if c is not None else f"[{esc(t('class.face_down', lang))}]"
                         for c in h.cards)
        extra = []
        if any(c is not None for c in h.cards):
            extra.append(t("word.total", lang, t=h.total_label))
        if h.stake:
            extra.append(t("class.your_stake", lang, n=h.stake))
        if h.result:
            extra.append(t(f"class.{h.result}", lang, g=abs(h.gain)))
        hands.append(f"<div>{cards} {esc(' · '.join(extra))}</div>")
    return (f'<div class="seat" id="seat{seat.seat}"><b>{esc(name)}</b> · '
            f"{esc(t('word.chips', lang, n=seat.chips))}{''.join(hands)}</div>")


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


def table_page(game: Any, seq: int, name: str, lang: str, csrf: str) -> str:
    """A student's game at the table: the seats, then the moves allowed now."""
    head = (f"<p><b>{esc(t('class.hello', lang, name=name))}</b> · "
            f"{esc(t('class.hand_no', lang, i=max(game.hand_no, 1)))}</p>"
            f'<p><a href="/play" id="to_trainer">{esc(t("class.to_trainer", lang))}</a></p>')
    seats = "".join(_seat_html(s, lang) for s in game.seats())
    hidden = f'<input type="hidden" name="seq" value="{seq}">{_token(csrf)}'
    forms = []
    if game.can_stake():
        lo, hi = game.stake_range()
        forms.append(f'<form method="post" action="/table">{hidden}<label>'
                     f'{esc(t("word.stake", lang))} <input type="number" name="amount" '
                     f'id="amount" min="{lo}" max="{hi}" value="{game.default_stake()}">'
                     f'</label><button type="submit" name="action" value="stake" id="stake">'
                     f'{esc(t("class.bet", lang))}</button></form>')
    buttons = "".join(f'<button type="submit" name="action" value="{a}" id="{a}">'
                      f"{esc(t(key, lang))}</button>"
                      for a, key in _BUTTONS if getattr(game, f"can_{a}")())
    if buttons:
        forms.append(f'<form method="post" action="/table">{hidden}{buttons}</form>')
    if game.over:
        forms.append(f'<p id="over">{esc(t("class.game_over", lang))}</p>')
    return _page(t("class.table_title", lang), head + seats + "".join(forms), lang)
