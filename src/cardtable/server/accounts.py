"""Who plays: guests with a chosen name, and accounts with a password that keep their history.

Both are players of the store, remembered by one signed cookie that holds the player's id and
epoch. An account's password is kept as an argon2id hash (``argon2-cffi``); changing it raises
the epoch, so every cookie signed before stops counting. A guest who makes an account with
``claim`` becomes that account, keeping his id and so every seat he held. Attempts to log in,
to register and to change a password are limited per client address.
"""

from __future__ import annotations

import asyncio
import functools
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Body, HTTPException, Request, Response
from itsdangerous import BadSignature, URLSafeSerializer
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from cardtable.store.repository import NameTaken, PlayerInfo

if TYPE_CHECKING:
    from cardtable.server.app import Tables

PLAYER_COOKIE = "cardtable_guest"
"""The cookie that holds a player's signed id and epoch (its name is kept from the guest days)."""

NAME_LENGTH = 40
"""The longest name a guest or an account may have."""

PASSWORD_LENGTHS = (8, 256)
"""The shortest and longest password an account may have."""

router = APIRouter(prefix="/api", tags=["players"])

T = TypeVar("T")

_HASHER = PasswordHasher()
_HASHING = ThreadPoolExecutor(2, thread_name_prefix="argon2")
"""Where passwords are hashed: two at a time, since each hash takes 64 MiB and a core."""


class LoginLimit:
    """At most ``attempts`` attempts per client address in any ``seconds``; memory is bounded.

    >>> limit = LoginLimit(attempts=2, seconds=60, addresses=2)
    >>> [limit.allow("a"), limit.allow("a"), limit.allow("a"), limit.allow("b")]
    [True, True, False, True]
    >>> limit.allow("c"), limit.allow("a")  # "a", the least recent, was forgotten for "c"
    (True, True)
    """

    def __init__(self, attempts: int = 10, seconds: float = 60.0, addresses: int = 10_000) -> None:
        self.attempts = attempts
        self.seconds = seconds
        self.addresses = addresses
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def allow(self, address: str) -> bool:
        """Count an attempt from ``address``; whether it is within the limit."""
        now = time.monotonic()
        times = self._seen.pop(address, None) or deque()
        while times and now - times[0] > self.seconds:
            times.popleft()
        allowed = len(times) < self.attempts
        if allowed:
            times.append(now)
        self._seen[address] = times
        while len(self._seen) > self.addresses:
            self._seen.popitem(last=False)
        return allowed


class GuestName(BaseModel):
    """The name a guest plays under."""

    name: str = Field(min_length=1, max_length=NAME_LENGTH)


class NewAccount(BaseModel):
    """An account to make: its name, its password, and whether this browser's guest claims it."""

    name: str = Field(min_length=1, max_length=NAME_LENGTH)
    password: str = Field(min_length=PASSWORD_LENGTHS[0], max_length=PASSWORD_LENGTHS[1])
    claim: bool = False


class Login(BaseModel):
    """An account's name and password."""

    name: str = Field(min_length=1, max_length=NAME_LENGTH)
    password: str = Field(min_length=1, max_length=PASSWORD_LENGTHS[1])


class NewPassword(BaseModel):
    """The account's password now and the one it is to have."""

    old: str = Field(min_length=1, max_length=PASSWORD_LENGTHS[1])
    new: str = Field(min_length=PASSWORD_LENGTHS[0], max_length=PASSWORD_LENGTHS[1])


class PlayerData(BaseModel):
    """A player: his id, his name, and whether he has an account (else he is a guest)."""

    id: str
    name: str
    account: bool


def player_data(player: PlayerInfo) -> dict[str, Any]:
    """A player as the API shows him: id, name, and whether he has an account."""
    return {"id": player.id, "name": player.name, "account": not player.is_guest}


def _tables(request: HTTPConnection) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _signer(request: HTTPConnection) -> URLSafeSerializer:
    signer: URLSafeSerializer = request.app.state.signer
    return signer


def _limit(request: Request) -> None:
    limit: LoginLimit = request.app.state.login_limit
    address = request.client.host if request.client is not None else "unknown"
    if not limit.allow(address):
        raise HTTPException(429, f"too many attempts from {address}: wait a minute")


def _plain_name(name: str) -> str:
    plain = " ".join(name.split())
    if not plain:
        raise HTTPException(400, "name: a name needs a letter that is not a space")
    if any(unicodedata.category(char).startswith("C") for char in plain):
        raise HTTPException(400, "name: a name holds no control or invisible characters")
    return plain


def set_player_cookie(request: Request, response: Response, player: PlayerInfo) -> None:
    """Remember ``player`` in this browser: his id and epoch, signed."""
    response.set_cookie(
        PLAYER_COOKIE,
        _signer(request).dumps([player.id, player.epoch]),
        httponly=True,
        samesite="lax",
        max_age=31_536_000,
    )


async def current_player(request: HTTPConnection) -> PlayerInfo | None:
    """The player this request's cookie names, if it is signed and of his current epoch."""
    cookie = request.cookies.get(PLAYER_COOKIE)
    if cookie is None:
        return None
    try:
        signed = _signer(request).loads(cookie)
    except BadSignature:
        return None
    # A cookie from before accounts holds the bare id, at epoch 0.
    player_id, epoch = (signed, 0) if isinstance(signed, str) else (signed[0], signed[1])
    tables = _tables(request)
    player = await tables.db(tables.store.player, str(player_id))
    if player is None or player.epoch != epoch:
        return None
    return player


async def seat_holder(request: Request, response: Response, name: str | None) -> tuple[str, str]:
    """The player who takes a seat, and the name he sits under.

    An account sits under its name; a guest under ``name`` if given, else his own; with no
    cookie, ``name`` makes a new guest.
    """
    player = await current_player(request)
    if player is not None:
        if player.is_guest and name and name.strip():
            return player.id, _plain_name(name)
        return player.id, player.name
    if not name or not name.strip():
        raise HTTPException(400, "a name is needed to play as a guest")
    guest = await _new_guest(request, _plain_name(name))
    set_player_cookie(request, response, guest)
    return guest.id, guest.name


async def _new_guest(request: Request, name: str) -> PlayerInfo:
    tables = _tables(request)
    player_id = await tables.db(tables.store.add_guest, name)
    return PlayerInfo(player_id, name, None, None, 0)


async def _signed_in(request: Request) -> PlayerInfo:
    player = await current_player(request)
    if player is None:
        raise HTTPException(401, "nobody is signed in here: play as a guest or log in")
    return player


async def _hashing(call: Callable[..., T], *args: Any) -> T:
    """Run a password hash or check off the event loop, in the hashing pool."""
    return await asyncio.get_running_loop().run_in_executor(_HASHING, call, *args)


@functools.cache
def _nobody() -> str:
    """A hash checked when the account does not exist, so that a miss takes as long as a hit."""
    return _HASHER.hash("a password that belongs to no account")


def _verified(password_hash: str | None, password: str) -> bool:
    if password_hash is None:
        _verified(_nobody(), password)
        return False
    try:
        return _HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


@router.post("/guest", response_model=PlayerData)
async def guest(body: GuestName, request: Request, response: Response) -> dict[str, Any]:
    """Play as a guest called ``name``; the signed cookie remembers the guest."""
    player = await _new_guest(request, _plain_name(body.name))
    set_player_cookie(request, response, player)
    return player_data(player)


@router.get("/me", response_model=PlayerData)
async def me(request: Request) -> dict[str, Any]:
    """The guest or account this browser is signed in as (401 if none)."""
    return player_data(await _signed_in(request))


@router.post("/accounts", status_code=201, response_model=PlayerData)
async def register(
    body: Annotated[NewAccount, Body()], request: Request, response: Response
) -> dict[str, Any]:
    """Make an account and sign in; with ``claim``, the guest of this browser becomes it.

    A claimed guest keeps his id, so his seats and history are the account's.
    """
    _limit(request)
    name = _plain_name(body.name)
    if len(name.casefold()) > NAME_LENGTH:
        raise HTTPException(400, f"name: an account name is at most {NAME_LENGTH} letters long")
    claimer = await current_player(request) if body.claim else None
    if body.claim and (claimer is None or not claimer.is_guest):
        raise HTTPException(400, "claim: this browser holds no guest to claim")
    password_hash = await _hashing(_HASHER.hash, body.password)
    tables = _tables(request)
    try:
        player_id = await tables.db(
            tables.store.add_account,
            name.casefold(),
            name,
            password_hash,
            claimer.id if claimer else None,
        )
    except NameTaken as error:
        raise HTTPException(409, str(error)) from None
    player = PlayerInfo(player_id, name, name.casefold(), password_hash, 0)
    set_player_cookie(request, response, player)
    return player_data(player)


@router.post("/login", response_model=PlayerData)
async def login(
    body: Annotated[Login, Body()], request: Request, response: Response
) -> dict[str, Any]:
    """Sign in to an account with its password (attempts are limited per address)."""
    _limit(request)
    tables = _tables(request)
    account = await tables.db(tables.store.account, " ".join(body.name.split()).casefold())
    stored = account.password_hash if account is not None else None
    right = await _hashing(_verified, stored, body.password)
    if account is None or stored is None or not right:
        raise HTTPException(401, "wrong account name or password")
    if _HASHER.check_needs_rehash(stored):
        rehashed = await _hashing(_HASHER.hash, body.password)
        await tables.db(tables.store.set_password, account.id, rehashed, False)
    set_player_cookie(request, response, account)
    return player_data(account)


@router.post("/logout")
async def logout(response: Response) -> dict[str, Any]:
    """Forget the guest or account in this browser."""
    response.delete_cookie(PLAYER_COOKIE, httponly=True, samesite="lax")
    return {"signed_in": False}


@router.post("/password", response_model=PlayerData)
async def change_password(
    body: Annotated[NewPassword, Body()], request: Request, response: Response
) -> dict[str, Any]:
    """Change the account's password; every other browser signed in to it is signed out."""
    _limit(request)
    player = await _signed_in(request)
    if player.password_hash is None:
        raise HTTPException(400, "a guest has no password: make an account with claim")
    if not await _hashing(_verified, player.password_hash, body.old):
        raise HTTPException(401, "old: that is not the account's password")
    password_hash = await _hashing(_HASHER.hash, body.new)
    tables = _tables(request)
    epoch = await tables.db(tables.store.set_password, player.id, password_hash, True)
    changed = PlayerInfo(player.id, player.name, player.login, password_hash, epoch)
    set_player_cookie(request, response, changed)
    return player_data(changed)
