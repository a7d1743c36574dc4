"""The help on the session: the stake, the seating, its length, dealer's choice, the house."""

from __future__ import annotations

from cardtable.engine.help import Writer
from cardtable.poker.help.words import hands_ru, said
from cardtable.poker.table_rules import PokerRules


def write_session(writer: Writer, rules: PokerRules) -> None:
    """The buy-in, the seating, the session's length and the house's share: "session"."""
    writer.say(
        ["stake", "deals"],
        "Each player buys {stake} chips; a session is {deals} deals.",
        "Каждый покупает {stake} фишек; сессия — {deals} сдач.",
    )
    session = rules.session
    writer.say(
        ["session.seating"],
        *(
            ("Players are seated at random.", "Места занимают по жребию.")
            if session.seating.value == "random"
            else ("Players are seated by cards dealt face up.", "Места определяются сдачей карт.")
        ),
    )
    if session.length_minutes:
        writer.say(
            ["session.length_minutes"],
            "The session lasts {length_minutes} minutes, kept strictly.",
            "Игра длится {length_minutes} минут, строго.",
        )
    if session.waiting:
        writer.say(
            ["session.waiting"],
            "The players of the last {waiting} chair(s) come later and sit down between deals.",
            "Игроки последних мест ({waiting}) приходят позже и садятся между сдачами.",
        )
    if session.dealers_choice.value != "none":
        writer.say(
            ["session.dealers_choice"],
            *(
                (
                    "The dealer chooses the variant of his deal.",
                    "Сдающий выбирает вариант своей сдачи.",
                )
                if session.dealers_choice.value == "deal"
                else (
                    "The dealer chooses the variant of a whole round of deals.",
                    "Сдающий выбирает вариант на целый круг сдач.",
                )
            ),
        )
    _house(writer, rules)
    writer.section("session", "The session", "Сессия")


def _house(writer: Writer, rules: PokerRules) -> None:
    house = rules.house
    if house.bonus:
        writer.say(
            ["house.bonus", "house.bonus_hands"],
            "A player showing {bonus_hands} is paid {bonus} by every other.",
            "Показавшему расклад {hands} каждый платит премию {bonus}.",
            hands=hands_ru(house.bonus_hands),
        )
    if house.kitty.value == "raises":
        writer.say(
            ["house.kitty", "house.kitty_unit"],
            "A pot with more than one raise pays {kitty_unit} to the kitty.",
            "Банк, где было больше одного повышения, платит {kitty_unit} в общую кассу.",
        )
    elif house.kitty.value == "hand":
        writer.say(
            ["house.kitty", "house.kitty_unit", "house.kitty_hand"],
            "A pot won with {kitty_hand} or better pays {kitty_unit} to the kitty.",
            "Банк, выигранный раскладом {hand} или выше, платит {kitty_unit} в общую кассу.",
            hand=hands_ru(house.kitty_hand),
        )
    if house.rake_percent:
        cap = house.rake_cap
        writer.say(
            ["house.rake_percent", "house.rake_cap"],
            "The house takes {rake_percent}% of each pot{cap_words}.",
            "Заведение берёт {rake_percent}% каждого банка{cap_words}.",
            cap_words=said(writer, (f", at most {cap} a deal", f", не больше {cap} со сдачи"))
            if cap
            else "",
        )
    if house.hourly_charge:
        writer.say(
            ["house.hourly_charge"],
            "The house charges each player {hourly_charge} an hour.",
            "Заведение берёт с каждого {hourly_charge} в час.",
        )
