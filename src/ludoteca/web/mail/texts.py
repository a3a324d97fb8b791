"""The mails' words, English and Spanish, in players' terms: each mail as a subject, a plain text
and a simple HTML body (every person's text escaped), with a link straight to the seat and, but for
the confirmation, a line saying how to stop such mails."""

from __future__ import annotations

import html
import time
from dataclasses import dataclass

DAYS = {"en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        "es": ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"]}
MONTHS = {"en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
          "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"]}


@dataclass
class Mail:
    subject: str
    text: str
    html: str


def when(at: float, lang: str) -> str:
    """A moment as people say it, in UTC (the server does not know the reader's time zone)."""
    t = time.gmtime(at)
    day, month = DAYS[lang][t.tm_wday], MONTHS[lang][t.tm_mon - 1]
    if lang == "es":
        return f"el {day} {t.tm_mday} de {month} a las {t.tm_hour:02d}:{t.tm_min:02d} (hora UTC)"
    return f"{day} {t.tm_mday} {month} at {t.tm_hour:02d}:{t.tm_min:02d} UTC"


def together(names: list[str], lang: str) -> str:
    if not names:
        return "nadie" if lang == "es" else "nobody"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + (" y " if lang == "es" else " and ") + names[-1]


WHY = {  # the footer: why this mail came, and how to stop such mails
    "turn": ("You get this mail because you asked to be told when it is your turn.",
             "Te llega este correo porque pediste que te avisáramos cuando te toque."),
    "reminder": ("You get this mail because you asked for reminders before your time runs out.",
                 "Te llega este correo porque pediste recordatorios antes de que se te acabe el tiempo."),
    "result": ("You get this mail because you asked to be told how your games end.",
               "Te llega este correo porque pediste que te contáramos cómo acaban tus partidas."),
    "digest": ("You get this mail because you asked for one summary a day of the games waiting for you.",
               "Te llega este correo porque pediste un resumen al día de las partidas que te esperan."),
}
STOP = ("Stop these mails", "No recibir más estos correos")
SETTINGS = ("Choose which mails you get", "Elegir qué correos recibes")
OPEN = ("Open your seat", "Abrir tu asiento")


def pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "es" else pair[0]


def build(lang: str, subject: str, greeting: str, lines: list[str], links: list[tuple[str, str]], kind: str | None,
          unsubscribe_page: str | None, settings_page: str) -> Mail:
    """The mail from its parts: `lines` and the link labels are plain text (escaped for the HTML)."""
    text = [greeting, ""] + lines + [""]
    for label, url in links:
        text += [f"{label}:", url, ""]
    page = [f"<p>{html.escape(greeting)}</p>"] + [f"<p>{html.escape(line)}</p>" for line in lines]
    page += [f'<p><a href="{html.escape(url, quote=True)}">{html.escape(label)}</a></p>' for label, url in links]
    if kind is not None:
        text += ["-- ", pick(WHY[kind], lang), f"{pick(STOP, lang)}: {unsubscribe_page}", f"{pick(SETTINGS, lang)}: {settings_page}"]
        page.append(f'<hr><p style="color:#555;font-size:small">{html.escape(pick(WHY[kind], lang))}<br>'
                    f'<a href="{html.escape(unsubscribe_page, quote=True)}">{html.escape(pick(STOP, lang))}</a> · '
                    f'<a href="{html.escape(settings_page, quote=True)}">{html.escape(pick(SETTINGS, lang))}</a></p>')
    body = "\n".join(page)
    document = (f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(subject)}</title></head>'
                f'<body style="font-family:sans-serif;line-height:1.5">\n{body}\n</body></html>\n')
    return Mail(subject, "\n".join(text) + "\n", document)


def hello(name: str, lang: str) -> str:
    return f"Hola, {name}:" if lang == "es" else f"Hello {name},"


def confirm(lang: str, name: str, address: str, link: str, hours: int) -> Mail:
    if lang == "es":
        return build(lang, "Confirma tu correo para ludoteca", hello(name, lang), [
            f"Alguien (seguramente tú) dio la dirección {address} en la cuenta {name} de ludoteca.",
            f"Abre este enlace para confirmar que es tuya. Sirve una sola vez y durante {hours} horas.",
            "Si no lo pediste tú, no hagas nada: no te enviaremos ningún correo más."],
            [("Confirmar mi correo", link)], None, None, "")
    return build(lang, "Confirm your mail address for ludoteca", hello(name, lang), [
        f"Someone (most likely you) gave the address {address} in the ludoteca account {name}.",
        f"Open this link to confirm it is yours. It works once, for {hours} hours.",
        "If it was not you, do nothing: no other mail will come."],
        [("Confirm my address", link)], None, None, "")


def your_turn(lang: str, name: str, game: str, others: list[str], deadline: float | None, seat_link: str,
              unsubscribe_page: str, settings_page: str) -> Mail:
    against = together(others, lang)
    if lang == "es":
        lines = [f"Te toca en tu partida de {game} contra {against}."]
        lines.append(f"Tienes hasta {when(deadline, lang)} para jugar." if deadline else "Juega cuando quieras: esta partida no tiene límite de tiempo.")
        return build(lang, f"Te toca: {game} contra {against}", hello(name, lang), lines, [("Abrir tu asiento", seat_link)],
                     "turn", unsubscribe_page, settings_page)
    lines = [f"It is your turn in your game of {game} against {against}."]
    lines.append(f"You have until {when(deadline, lang)} to move." if deadline else "Move whenever you like: this game has no time limit.")
    return build(lang, f"Your turn: {game} against {against}", hello(name, lang), lines, [("Open your seat", seat_link)],
                 "turn", unsubscribe_page, settings_page)


def reminder(lang: str, name: str, game: str, others: list[str], deadline: float, seat_link: str,
             unsubscribe_page: str, settings_page: str) -> Mail:
    against = together(others, lang)
    if lang == "es":
        return build(lang, f"Se te acaba el tiempo: {game} contra {against}", hello(name, lang), [
            f"Aún te toca en tu partida de {game} contra {against}, y tu tiempo acaba {when(deadline, lang)}.",
            "Si no juegas antes, se aplicará la regla de la sala para quien no llega a tiempo."],
            [("Abrir tu asiento", seat_link)], "reminder", unsubscribe_page, settings_page)
    return build(lang, f"Your time is running out: {game} against {against}", hello(name, lang), [
        f"It is still your turn in your game of {game} against {against}, and your time ends {when(deadline, lang)}.",
        "If you do not move before then, the room's rule for a player out of time applies."],
        [("Open your seat", seat_link)], "reminder", unsubscribe_page, settings_page)


def result(lang: str, name: str, game: str, others: list[str], outcome: str, winners: list[str], room_link: str,
           replay_link: str, unsubscribe_page: str, settings_page: str) -> Mail:
    """`outcome`: "won", "lost" or "none" (stopped without a winner)."""
    against = together(others, lang)
    if lang == "es":
        subject = {"won": f"Ganaste: {game} contra {against}", "lost": f"Partida terminada: {game} contra {against}",
                   "none": f"Partida terminada sin ganador: {game} contra {against}"}[outcome]
        line = {"won": f"¡Enhorabuena! Ganaste tu partida de {game} contra {against}.",
                "lost": f"Tu partida de {game} contra {against} terminó: ganó {together(winners, lang)}.",
                "none": f"Tu partida de {game} contra {against} terminó sin ganador."}[outcome]
        return build(lang, subject, hello(name, lang), [line], [("Ver la mesa", room_link), ("Ver la repetición", replay_link)],
                     "result", unsubscribe_page, settings_page)
    subject = {"won": f"You won: {game} against {against}", "lost": f"Game over: {game} against {against}",
               "none": f"Game over without a winner: {game} against {against}"}[outcome]
    line = {"won": f"Well played! You won your game of {game} against {against}.",
            "lost": f"Your game of {game} against {against} is over: {together(winners, lang)} won.",
            "none": f"Your game of {game} against {against} ended without a winner."}[outcome]
    return build(lang, subject, hello(name, lang), [line], [("See the table", room_link), ("Watch the replay", replay_link)],
                 "result", unsubscribe_page, settings_page)


def digest(lang: str, name: str, games: list[tuple[str, list[str], float | None, str]], unsubscribe_page: str,
           settings_page: str) -> Mail:
    """`games`: (game, others, deadline or None, seat link) for each game waiting for you."""
    n = len(games)
    links = []
    for game, others, deadline, link in games:
        against = together(others, lang)
        if lang == "es":
            label = f"{game} contra {against}" + (f" — juega antes de {when(deadline, lang)}" if deadline else "")
        else:
            label = f"{game} against {against}" + (f" — move by {when(deadline, lang)}" if deadline else "")
        links.append((label, link))
    if lang == "es":
        subject = "Te espera 1 partida" if n == 1 else f"Te esperan {n} partidas"
        line = "Esta partida espera tu jugada:" if n == 1 else f"Estas {n} partidas esperan tu jugada:"
    else:
        subject = "1 game is waiting for you" if n == 1 else f"{n} games are waiting for you"
        line = "This game is waiting for your move:" if n == 1 else f"These {n} games are waiting for your move:"
    return build(lang, subject, hello(name, lang), [line], links, "digest", unsubscribe_page, settings_page)
