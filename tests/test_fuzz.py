"""Random and hostile options for every command, through the one code path (the console):
never an unhandled error, a rejection changes nothing, a rejection is one line, nothing pings."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from bot.console import Console
from bot.store.models import ActionRow, GameRow, PlayRow
from tests.test_console import make_console

HOSTILE = st.sampled_from(
    [
        "@everyone",
        "@here",
        "<@&123456789>",
        "<@1>",
        "**bold** `code` ||spoiler||",
        "Y3 B0 R2 G4 Y0",
        "1:2 2:2 3:1 4:3 5:2",
        "5 4 6 5",
        "a:2 b:2",
        "none",
        "",
        " ",
        "0",
        "-1",
        "99999999999999999999999",
        "3.5",
        "NaN",
        "\x00",
        "ＹＯ",
        "🂡",
        "Times Square",
        "central park",
        "Europe/Vienna",
        "../../etc/passwd",
        "x" * 3000,
        "Y3 B0 R2 G4 Y0 " * 50,
        "1:11",
        "7:1",
        "4 4",
        "Leopold",
        "gah",
        "2026-02-30",
    ]
)
VALUE = st.one_of(HOSTILE, st.text(max_size=60), st.integers(-(10**12), 10**12).map(str))


def leaf_commands(bot) -> list:
    out = []
    for command in bot.tree.get_commands():
        children = getattr(command, "commands", None)
        out += list(children) if children else [command]
    return out


async def counts(db):
    async with db.sessions() as session:
        return tuple(
            [
                await session.scalar(select(func.count()).select_from(t))
                for t in (GameRow, ActionRow, PlayRow)
            ]
            + [await session.scalar(select(func.coalesce(func.sum(GameRow.version), 0)))]
        )


async def test_every_command_survives_hostile_options(db):
    console = await make_console(db)
    await console.execute("/gah start seed:1 emperor_table:S2")
    other = Console(console.bot, user_id=1, channel_id=2)
    await other.execute("/alea start partner:2 mode:physical seed:1")
    stranger = Console(console.bot, user_id=66, channel_id=1, admin=False)
    leaves = leaf_commands(console.bot)
    assert console.bot.allowed_mentions.everyone is False
    assert console.bot.allowed_mentions.roles is False

    lines: list[tuple[Console, str]] = []

    @settings(
        max_examples=400,
        deadline=None,
        database=None,
        derandomize=True,  # the same lines on every run: CI never flakes
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(
        index=st.integers(0, len(leaves) - 1),
        who=st.sampled_from([console, other, stranger]),
        options=st.lists(st.tuples(st.integers(0, 8), VALUE), max_size=4),
        garbage=st.sampled_from(["", " junk", " :x", ' "unbalanced', " nope:1"]),
    )
    def generate(index, who, options, garbage):
        command = leaves[index]
        params = list(command.parameters)
        words = [f"/{command.qualified_name}"]
        for slot, value in options:
            if params:
                words.append(f"{params[slot % len(params)].display_name}:{value}")
        lines.append((who, " ".join(words) + garbage))

    generate()  # Hypothesis draws the lines; the bot runs them below, in order
    assert len(lines) >= 100
    for who, line in lines:
        before = await counts(db)
        reply = await who.execute(line)
        assert "Something went wrong" not in reply.text, (line, reply.text)
        if not reply.ok:
            assert "\n" not in reply.text, (line, reply.text)
            for raw in ("@everyone", "@here", "<@&"):
                assert raw not in reply.text, (line, reply.text)
            assert await counts(db) == before, line


JSONISH = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(),
        HOSTILE,
        st.text(max_size=20),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=6,
)
KEYS = [
    "queue",
    "dice",
    "card",
    "emperor_vp",
    "objective",
    "player_score",
    "player_staff",
    "staff_vp",
    "district",
    "high_bid",
    "cards",
    "outcome",
    "plots",
    "score",
    "partner_score",
    "steps",
]


async def test_rules_take_any_action_dict_without_crashing(service, owner):
    """Actions also arrive from imported exports, so the rules must refuse any shape cleanly."""
    from bot.core.errors import SoloistError
    from bot.table.errors import NoGame
    from bot.table.reply import Ctx

    await service.start(owner, "gah", {"difficulty": "hard", "emperor_vp_variant": "S2"}, 3)
    alea = Ctx(guild_id=owner.guild_id, channel_id=owner.channel_id + 1, user_id=owner.user_id)
    await service.start(alea, "alea", {"mode": "physical"}, 3, players=[2])
    actions: list[tuple[object, dict]] = []

    @settings(
        max_examples=300,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(
        where=st.sampled_from([owner, alea]),
        command=st.sampled_from(
            [
                "turn",
                "round_end",
                "claim",
                "staff",
                "final",
                "auction",
                "result",
                "build",
                "stop",
                "supply_empty",
                "end",
                "nope",
            ]
        ),
        args=st.dictionaries(st.sampled_from(KEYS), JSONISH, max_size=4),
    )
    def generate(where, command, args):
        actions.append((where, {"command": command, **args}))

    async def version(where):
        try:
            return (await service.status(where)).version
        except NoGame:  # an action finished the game: start the next one
            if where is owner:
                await service.start(owner, "gah", {"emperor_vp_variant": "S2"}, 4)
            else:
                await service.start(alea, "alea", {"mode": "physical"}, 4, players=[2])
            return (await service.status(where)).version

    generate()
    for where, action in actions:
        before = await version(where)
        try:
            await service.act(where, None, action)
        except SoloistError as exc:
            assert "\n" not in str(exc).strip(), action
            assert await version(where) == before, action
