"""The words and number forms the extractor recognises: one table, compiled on first use.

Every row names a pattern, says what it is for, and carries examples it must match and
counter-examples it must not (``tests/extract/test_lexicon.py`` runs them all), in the manner
of Vale's ``tokens:`` lists (https://vale.sh/docs/checks/existence). Adding a real-world form
is a row here, not a branch in the code.

Every pattern is linear: alternations of literals, bounded repetitions, and numbers that cannot
start inside another number (see ``numbers.NUM``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache

import msgspec

from claimcheck.extract.factoring import factored
from claimcheck.extract.numbers import NUM, WORD_NUM


class Row(msgspec.Struct, frozen=True):
    """One named pattern. ``words`` wraps the alternation in word boundaries."""

    name: str
    kind: str
    source: str
    examples: tuple[str, ...]
    counter: tuple[str, ...] = ()
    words: bool = True

    @property
    def regex(self) -> str:
        return r"\b(?:" + self.source + r")\b" if self.words else self.source


MULT = r"(?:\s?(?:x(?![^\W¹²³⁴⁵⁶⁷⁸⁹⁰])|×(?![\d_¹²³⁴⁵⁶⁷⁸⁹⁰]))|[-\s]?fold\b|(?:\s+|-)times\b)"
"""What turns a number into a multiplier: ``27x``, ``27 ×``, ``27-fold``, ``27 times``. A letter
x glued to a word is part of it ("4xlarge"); the sign is not, even with the space after it lost
as text is pulled from a PDF ("2.3×–27.5×in long contexts")."""

NAMED_FRACTIONS = {
    "half": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "tenth": 10,
    "twentieth": 20, "fiftieth": 50, "hundredth": 100,
}  # fmt: skip
"""Fractions written as words, with how many times smaller they make a time ("a fifth of the
TTFT" is 5x): the fraction form, its candidates and the page prefilter all read from this."""

METRICS = ("ttft", "throughput", "end_to_end", "decode", "latency")
"""Metric names in the order ties are broken. ``latency`` is a speed word that names no
particular metric: a claim read from it reports the metric as unspecified."""

QUALIFIERS: tuple[tuple[str, str], ...] = (
    (
        "up to",
        r"up\sto|as\smuch\sas|as\shigh\sas|a\smaximum\sof|maximum\sof|max(?:imum)?\.?|peak(?:\sof|ing\sat)?|peaks\sat",
    ),
    (
        "at least",
        r"at\sleast|more\sthan|over|upwards\sof|in\sexcess\sof|north\sof|no\sless\sthan|better\sthan",
    ),
    (
        "average",
        r"on\saverage|an\saverage\sof|average\sof|averag\w*|typically|typical|geo-?mean|geometric\smean",
    ),
)

_FLASH = (
    r"(?<!\d[-\s])(?<!gemini\s)(?<!mini-)flash(?![-\s]lite|-reasoning|-thinking|-exp)"
    r"(?![-\s]?(?:decod\w*|attn|attention|mla|infer\w*))"
)
"""Flash storage, not a model ("Gemini 2.0 Flash", "DeepSeek-V4-Flash", "Flash-Lite",
"Phi-4-mini-flash-reasoning") or a kernel ("flash decoding", "Flash-Attention", "FlashMLA")."""

TIERS: tuple[tuple[str, str], ...] = (
    (
        "object",
        r"s3\b|object\s(?:storage|store|tier)|(?:azure\s)?blob(?:\s(?:storage|store))?|object-storage|gcs\b",
    ),
    (
        "network",
        r"nvme[-\s]?o[-\s]?f|nvme[-\s]over[-\s](?:fabrics?|tcp|rdma)|rdma|nfs|network(?:ed)?\s(?:storage|file|kv|attached)|"
        r"networked|parallel\s(?:file\s?system|fs)|storage\scluster|remote\s(?:storage|kv|memory|tier)|"
        r"\d+\s?gbe|weka\w*|vast\sdata|file\s?system|"
        r"shared\sstorage|storage\sfabric|infiniband|roce|lustre|gpfs|distributed\s(?:storage|kv|cache)|"
        r"over\sthe\snetwork|cluster's\sflash|storage\sservers?|file\sserver",
    ),
    ("cxl", r"cxl"),
    (
        "nvme",
        rf"nvme|ssds?|{_FLASH}|local\s(?:drives?|disks?)|solid[-\s]state",
    ),
    (
        "dram",
        r"dram|host\s(?:memory|ram|dram)|cpu\s(?:memory|ram|dram)|system\s(?:memory|ram)|"
        r"main\smemory|lpddr5x?|ddr5|ram\b|(?:host-)?pinned\smemory|host-memory",
    ),
)

TOPICS = (
    "speculative",
    "quantisation",
    "compression",
    "sparse_attention",
    "chunked_prefill",
    "memory_management",
    "disaggregation",
    "routing",
    "weight_offload",
    "engine_comparison",
    "other_cache",
    "storage_io",
    "log_line",
    "slo",
    "count",
    "kernel",
    "parallelism",
    "gpu_generation",
    "training",
    "model_loading",
    "no_cache",
    "diffusion",
    "token_usage",
    "business",
    "phase_comparison",
)
"""Negative topics: a factor in a sentence about one of these is about something other than
reusing a KV cache (unless the sentence is about KV storage too)."""

CUE_NAMES = ("queueing", "cross_user", "similar_prompts")
"""Claim-level cues the rules read (KV105, KV304, KV305)."""

TOPIC_CUES = ("kv_product", "cue_strong", "cue_routing")
"""The rows whose words in a page's title or heading make it a page about KV reuse, in the
order their words are reported."""

_THAN_AFTER = "|".join(
    rf"{engine}\s?(?:よりも?|보다)"
    for engine in (
        "vllm",
        "sglang",
        "tgi",
        "tensorrt-llm",
        "trt-llm",
        r"llama\.cpp",
        "ollama",
        "lmdeploy",
    )
)
"""An engine before Japanese より or Korean 보다 ("than"): "vLLMよりも最大1.8倍". Each engine is a
word of its own letter, so that the alternation stays grouped (``factoring``)."""


_NOT_SPEED = (
    r"memory|capacity|storage|footprint|pools?|fairness|(?:prefill|prompt|pp)\s(?:compute|computation|work)|costs?|price[sd]?|bills?|spend\w*|budgets?|invoices?|"
    r"deploy\w*|onboard\w*|(?:token[-\s])?hit\s?rates?|integrat\w*|install\w*|migrat\w*|"
    r"pricing|compress(?:ion|ed|es)?|density|space|disk|bandwidth|efficien(?:cy|t)|revenue|"
    r"(?:read|write|transfer|copy)\sspeeds?|transfers?\s(?:of|between)\b|"
    r"growth|utili[sz]ation|accuracy|savings?|energy|power|more\scontext|larger\scontext|"
    r"longer\scontext|context\swindows?|more\s(?:sessions|capacity|kv|data|models)|"
    r"sessions|margin|share|adoption|customers|arr|market|size|parameters|weights|"
    r"concurrency|concurrent\s(?:users?|requests?|sessions?|streams?|connections?|sequences?)|"
    r"bookings|sales|orders|downloads|deployments|quarter|year[-\s]over[-\s]year|yoy|qoq|"
    r"less\s(?:memory|storage|space|hbm|vram)|fewer\sgpus|gpus?\sfewer|"
    r"(?:more|less)\s(?:\w+\s){0,2}?(?:cache|kv|context|sessions|capacity|memory|storage|bandwidth|hbm|data|compute|work|flops)|"
    r"(?:kv\s)?cache\s(?:size\s|footprint\s)?by|(?:kv\s)?cache\s(?:grows|grew|expands)|(?:grows?|grew|expands?)\s(?:the\s)?(?:[\w-]+\s){0,2}?(?:kv\s)?caches?\b|"
    r"extend\w*|expand\w*|expansion|compute|flops|random\s(?:reads?|writes?)|iops|gets|puts|"
    r"token\s(?:usage|consumption|count)|tokens?\sused|usage|gpu\shours|discount\w*|expenses?|[tgmk]i?b/s|ratios?|variance|jitter|spread|swings?|"
    # a model's error, data moved
    r"(?:under|over)[-\s]?estimat\w*|(?:data|transfer|communication|traffic|i/o)\svolumes?|"
    # accuracy benchmarks: a percentage on one is a score
    r"(?:on\s|in\s)?(?:longbench|ruler|mmlu|gsm8k|humaneval|infinitebench|needle[-\s]in[-\s]a[-\s]haystack)\b"
    r"(?!\s(?:speed\w*|throughput|latency|ttft|e2e|faster))"
)
"""Words that make a multiplier or percentage about something other than speed."""


_BARE = NUM.replace("(?<![\\w.,$€£])", "")
"""A number that may follow a letter ("X22", "−40")."""


def _num(group: str = "") -> str:
    return "(" + NUM + ")"


_ROWS: tuple[Row, ...] = (
    # ---- number forms: each yields factor candidates -------------------------------------
    Row(
        "multiplier",
        "form",
        _num() + MULT,
        ("27x faster", "2.5× lower", "27-fold", "27 times faster", "14X"),
        ("x27", "0x1F", "1.2.3x"),
        words=False,
    ),
    Row(
        "sign_multiplier",
        "form",
        # "×2", "X2-X22"; a letter x after a number is a count ("4 x 4090"), and "X10000" a
        # product name: the letter form takes at most three digits.
        r"(?:(?<![\w.])×\s?("
        + _BARE
        + r")|(?<![\w.])(?<!\d\s)[xX](?!(?:86|64|32)\b)(\d{1,3}(?:\.\d+)?))"
        r"(?:\s?(?:–|—|-|to)\s?[×xX]?\s?(" + _BARE + r"))?(?!\w|[.,]\d)",
        ("throughput ×2", "×3.5 TTFT", "reduces TTFT by X2-X22", "increases by up to X9"),
        ("2×3 grid", "x86 servers", "Qwen3-32B", "4 x 4090", "Alletra X10000"),
        words=False,
    ),
    Row(
        "bare_speedup",
        "form",
        _num() + r"\s?(?:speed-?ups?|fold\sspeed-?ups?)\b",
        ("a 1.83 speedup", "2.19 speed-up"),
        ("1.83 seconds",),
        words=False,
    ),
    Row(
        "word_multiplier",
        "form",
        r"\b(" + WORD_NUM + r")(?:[-\s]?fold\b|\s+times\b)",
        ("ten times faster", "twenty-seven times", "five-fold"),
        ("sometimes faster",),
        words=False,
    ),
    Row(
        "fold_word",
        "form",
        r"\b(two|three|four|five|six|seven|eight|nine|ten|twenty|hundred)fold\b",
        ("tenfold", "a threefold gain"),
        ("manifold",),
        words=False,
    ),
    Row(
        "factor_of",
        "form",
        r"\bfactor\sof\s(?:(?:up\sto|about|around|roughly|nearly|almost|over|more\sthan)\s)?~?("
        + NUM
        + ")",
        ("by a factor of 5", "by a factor of up to 20", "a factor of ~3"),
        ("a factor in",),
        words=False,
    ),
    Row(
        "magnitude",
        "form",
        r"\b(?:(an|one|two|three)\s)?orders?[-\s]of[-\s]magnitude\b",
        (
            "an order of magnitude faster",
            "two orders of magnitude",
            "order-of-magnitude improvements",
        ),
        ("the order of the magnitude",),
        words=False,
    ),
    Row(
        "fraction",
        "form",
        r"(?<![\w.])1\s?/\s?(\d+(?:\.\d+)?)(?:th|st|nd|rd)?\s(?:of|the)\b|"
        r"\b(?:one|a)[-\s](" + "|".join(NAMED_FRACTIONS) + r")\s(?:of|the)\b|"
        # "roughly half the latency of recompute": a bare "half", only before a time word
        r"\b(half)\s(?=(?:of\s)?the\s(?:[\w-]+\s){0,2}?(?:latenc|ttft|delay|wait|time\sto\sfirst|"
        r"(?:response|prefill|compute|load|loading)\stimes?\b))(?:of\s)?the\b",
        (
            "in 1/40th of the time",
            "a third of the time",
            "one-tenth the latency",
            "half the latency",
            "half of the TTFT",
        ),
        ("3/4 cup", "a half-day", "half the GPUs", "half the time, it misses", "half the cost"),
        words=False,
    ),
    Row(
        "doubling",
        "form",
        r"\b(doubl(?:es?|ed|ing)|tripl(?:es?|ed|ing)|quadrupl(?:es?|ed|ing)|halv(?:es?|ed|ing)|"
        r"cuts?\s(?:\w+\s){1,3}?in\shalf|cut\sin\shalf|in\shalf|twice(?=\sas\s(?:fast|quick))|"
        # "reduces both inference time and power consumption by half"
        r"(?:(?:reduc|cut|lower|decreas|shrink|slash|trim|drop)\w*|down|fell)\s(?:[\w-]+\s){0,6}?by\s"
        r"(?:about\s|roughly\s|nearly\s|almost\s|more\sthan\s|at\sleast\s)?half)\b(?!-)",
        (
            "doubles throughput",
            "twice as fast",
            "cuts TTFT in half",
            "cuts time to first token in half",
            "halves latency",
            "reduces both inference time and power consumption by half",
            "response times down by at least half",
        ),
        ("double-check", "behalf", "increased throughput by half"),
        words=False,
    ),
    Row(
        "range",
        "form",
        _num() + r"\s?[x×]?\s?(?:–|—|-|to)\s?" + _num() + MULT,
        ("4–20x", "3-10x", "2.5×–9×", "3 to 10 times"),
        ("4-20 GPUs",),
        words=False,
    ),
    Row(
        "between",
        "form",
        r"\bbetween\s(" + NUM + r")\s?[x×]?\sand\s(" + NUM + ")" + MULT,
        ("between 3 and 10 times", "between 2x and 5x"),
        ("between 3 and 10 GPUs",),
        words=False,
    ),
    Row(
        "arrow",
        "form",
        _num() + r"\s?[x×]\s?(?:→|->|=>|⇒|⟶|to)\s?" + _num() + r"\s?[x×](?![\w])",
        ("27x → 55x", "9x -> 17x", "from 12x to 30x"),
        ("27 → 55",),
        words=False,
    ),
    Row(
        "percent",
        "form",
        _num() + r"(?:\s?%?\s?(?:–|—|-|to)\s?" + _num() + r")?\s?(?:%|\spercent\b|\sper\scent\b)",
        ("85%", "50-90%", "40 percent", "12 per cent", "40%–60%", "50% to 90%"),
        ("85 points",),
        words=False,
    ),
    Row(
        "minus_percent",
        "form",
        r"(?<![\w])[-−–]\s?(" + _BARE + r")\s?%",
        ("TTFT -40%", "−35 %"),
        ("40%",),
        words=False,
    ),
    Row(
        "time_pair",
        "form",
        _num()
        + r"\s?(?P<unit1>ms|msec|milliseconds?|s|secs?|seconds?|mins?|minutes?)?\s?"
        + r"(?:→|->|=>|⇒|⟶|to|down\sto)\s?"
        + _num()
        + r"\s?(?P<unit2>ms|msec|milliseconds?|s|secs?|seconds?|mins?|minutes?)\b",
        ("from 57 to 2.1 seconds", "1797 → 983 ms", "11.5 s to 2.4 s"),
        ("from 57 to 2.1 GB",),
        words=False,
    ),
    Row(
        "time_pair_from",
        "form",
        r"\bfrom\s"
        + _num()
        + r"\s?(?P<unit1>ms|msec|milliseconds?|s|secs?|seconds?|mins?|minutes?)\s(?:to|down\sto)\s"
        + _num()
        + r"(?![\d,]|\.\d|\s?(?:%|x\b|×|(?:ms|msec\w*|milli\w*|s|secs?|seconds?|mins?|minutes?|h|hours?|[kmgt]b|[kmbt]|tokens?)\b))",
        ("from 22 Seconds to 2 on a Mac", "From 57 s to 2."),
        ("from 22 seconds to 2 minutes", "from 22 s to 2x"),
        words=False,
    ),
    Row(
        "rate_pair",
        "form",
        _num()
        + r"\s?(?P<unit1>tok(?:en)?s?/s(?:ec)?|tokens?\sper\ssecond|req(?:uest)?s?/s|requests?\sper\ssecond|qps|rps)?\s?"
        + r"(?:→|->|=>|⇒|⟶|to)\s?"
        + _num()
        + r"\s?(?P<unit2>tok(?:en)?s?/s(?:ec)?|tokens?\sper\ssecond|req(?:uest)?s?/s|requests?\sper\ssecond|qps|rps)",
        ("2,742 tok/s to 6,423 tok/s", "from 12 to 30 req/s", "1,200 → 3,100 tokens per second"),
        ("2,742 tokens to 6,423 tokens",),
        words=False,
    ),
    # ---- metric words --------------------------------------------------------------------
    Row(
        "metric_ttft",
        "metric",
        r"ttft|time[-\s]to[-\s]first[-\s]tokens?|first[-\s]tokens?(?:\s(?:latency|time))?|"
        r"prefill(?:s|ed|ing)?|pre-fill|(?:prompt|prefix)\s(?:processing|eval(?:uation)?)",
        (
            "TTFT",
            "time-to-first-token",
            "first token latency",
            "prefill",
            "prompt processing",
            "prompt eval",
            "prefix processing",
        ),
        ("first tokenizer",),
    ),
    Row(
        "metric_throughput",
        "metric",
        r"throughputs?|goodput|tokens?\s?(?:per|/)\s?(?:second|sec|s|gpu)\b|tok/s|tps|"
        r"requests?\s?(?:per|/)\s?(?:second|sec|s)\b|rps|qps|queries\sper\ssecond|"
        r"concurrent\s(?:\w+\s)?(?:users|sessions|requests|chats|conversations|streams|agents)|users\sper|more\susers|"
        r"(?:request|serving)\scapacity|"
        r"as\smany\s(?:requests|users)|(?:more|additional)\s(?:requests|queries)|tps",
        ("throughput", "goodput", "tokens per second", "tok/s", "QPS", "4.2x more tokens per GPU"),
        ("throughout",),
    ),
    Row(
        "metric_end_to_end",
        "metric",
        r"end[-\s]to[-\s]end|e2e|(?:total|overall)\s(?:response\s)?latency|response\s(?:latency|times?)|"
        r"response\sspeeds?|"
        r"(?<=[x×]\s)total(?=\s?(?:[/|).;]|$))|"
        r"job\scompletion|completion\stime|task\s(?:latency|completion)|request\slatency|run[-\s]?time|"
        r"wall[-\s]clock(?:\stime)?|execution\stime|inference\stime|generation\stimes?|"
        r"elapsed\stimes?|time\staken|"
        r"jobs?\s(?:completed|finished|ran)|responses|respond(?:s|ing)?",
        (
            "end-to-end",
            "response time",
            "response speed",
            "request latency",
            "overall latency",
            "job completion",
            "my runtime",
            "inference time",
            "generation time",
            "2.0× total / 2.7× TTFT",
        ),
        ("the end of the day", "2x total throughput", "3x in total"),
    ),
    Row(
        "metric_decode",
        "metric",
        r"decod(?:e|ing)|tbt|time\sbetween\stokens|inter[-\s]token\slatency|itl|"
        r"time\sper\soutput\stoken|tpot|token\sgeneration(?:\s(?:rate|speed|throughput))?|"
        r"generation\s(?:speed|rate)|output\stokens?\s?(?:per\ssecond|/s(?:ec)?)|streaming\soutput|"
        r"tokens?/s(?:ec)?\sper\sstream",
        ("decode", "inter-token latency", "TPOT", "token generation"),
        ("decoder-only",),
    ),
    Row(
        "metric_latency",
        "metric",
        r"latenc(?:y|ies)|delays?|wait(?:ing)?\stimes?|lag|response\sdelay|time\sto\sanswer|load\stimes?|"
        r"processing\stimes?|time\sconsumption|time\ssav(?:ings?|ed)|(?<=%\s)time|(?<=%\+\s)time",
        (
            "latency",
            "delay savings",
            "wait time",
            "latencies",
            "50-60% reduction in processing time",
            "the time consumption is reduced by 98.7%",
            "90% time savings",
            "saves 90% time",
        ),
        ("latent space", "delayed shipment", "power consumption", "hits 90% of the time"),
    ),
    # ---- comparison wording --------------------------------------------------------------
    Row(
        "speed_noun",
        "comparison",
        r"speed-?ups?|faster|quicker|accelerat\w*",
        ("Speedup", "speed-up", "faster", "acceleration"),
        ("speed", "fastest"),
    ),
    Row(
        "speed",
        "comparison",
        r"\b(?:faster|quicker|sooner|speedier|as\s(?:fast|quick)|lower|shorter|less\slatency|better|reductions?|reduc(?:es?|ed|ing)|speeds?|"
        r"decreases?|improvements?|improve[sd]?|speed[-\s]?ups?|gains?|boosts?|accelerat\w*|"
        r"higher|more|as\smany|drops?|dropped|fell|falls|cuts?|slashe[sd]|slower|beats?|beat|"
        r"increas\w*|below|rose|rises|trims?|trimmed|advantage|lead|jump|savings|shr[au]nk|shrinks?|difference|apart|"
        r"performance)\b|↓|↑",
        ("faster", "speedup", "reduction", "cuts", "↓"),
        ("fastest-growing",),
        words=False,
    ),
    Row(
        "slower",
        "comparison",
        r"slower|slowdowns?|slows?\sdown|worse|degrad\w*|penalty|regress\w*|overheads?",
        ("50x slower", "a 20% slowdown", "2x worse", "7% end-to-end overhead"),
        ("lower", "longer prompts"),
    ),
    # ---- what makes a factor about something other than speed ----------------------------
    Row(
        "not_speed",
        "not_speed",
        _NOT_SPEED,
        (
            "memory",
            "cost",
            "hit rate",
            "token usage",
            "more KV cache",
            "pools",
            "fairness",
            "prefill compute",
        ),
        ("faster",),
    ),
    Row(
        "not_speed_after",
        "not_speed",
        r"(?:"
        + _NOT_SPEED
        + r")|smaller|larger|stricter|tighter|bigger|longer|cheaper|wider|denser|more\sexpensive|less\sexpensive|"
        r"(?:increase|reduction|decrease|growth|rise|cut|drop)\s(?:in|of)\s(?:the\s)?(?:token|memory|cost|price|gpu|storage|capacity|hbm|spend)|"
        r"(?:improvement|increase|gain|boost|rise)\s(?:in|of)\s(?:the\s)?(?:[\w-]+\s){0,3}?hit\s?(?:rates?|ratios?)|"
        r"(?:kv[-\s])?cache\s(?:size\s)?(?:reduction|savings?|shrinkage)|"
        r"(?:pp|prefill|prompt[-\s]processing)\s(?:energy|compute|flops|costs?)|"
        r"(?:tier|level|preset|setting|variant)\b(?!\s(?:of|in)\s)|token[-\s]level|"
        r"(?:the\s)?(?:isl|osl|(?:input|output)\ssequence\slengths?)\b|"
        # a spread between runs, named after its metric: "a 16% throughput swing between
        # identical benchmark runs"
        r"(?:(?:throughput|latency|ttft|tps|qps|performance|run-to-run|timing)\s)?(?:swings?|variance|jitter|noise)\b",
        (
            "a 16% throughput swing between identical benchmark runs",
            "cheaper",
            "90.2% token-level prefill reduction",
            "increase in token usage",
            "reduction in memory",
            "an 8x cache reduction",
            "4x improvement in KV cache hit rate",
            "At the 125× tier, a deployment",
            "2× ISL",
        ),
        ("faster", "2x islands"),
    ),
    Row(
        "span_or_size",
        "not_speed",
        r"(?:in|over|within)\s(?:just\s|only\s|the\s(?:past|last)\s)?(?:(?:a|one|two|three|four|five|"
        r"six|twelve|\d+)\s)?(?:half\s(?:a\s)?)?(?:few\s)?(?:days?|weeks?|months?|quarters?|years?)\b|"
        r"(?:over|than|from)\s(?:the\s)?(?:[a-z]+\s){0,2}\d[\d.,]*\s?(?:gb|tb|mb|gib|tib)\b|"
        r"from\s(?:the\s)?(?:[a-z]+\s){0,2}\d[\d.,]*[\s-]?(?:minutes?|mins?|hours?|days?)\b(?!\s(?:to|down)\b)",
        (
            "in just half a year",
            "in twelve months",
            "in just a few years",
            "over the standard 80GB",
            "from 5 minutes",
        ),
        (
            "in 2 seconds",
            "over recompute",
            "than loading the cache",
            "from 5 minutes to 20 seconds",
        ),
    ),
    Row(
        "denied_before",
        "not_speed",
        r"bills?|spend\w*|budgets?|invoices?|deploy\w*|onboard\w*|hit\s?rates?|integrat\w*|"
        r"install\w*|migrat\w*|costs?|pricing|price[sd]?|discount\w*|usage|expected|hoped|projected|"
        r"theoretical(?:ly)?|"
        r"promise[sd]?|hypothes[ie]s\s(?:of|that)|"
        # a bar to clear, not a result: "(17.7x, criterion was >=10x)", "a target of 5x"
        r"criteri(?:on|a)|targets?|goals?",
        (
            "GPU bill",
            "deployed",
            "costs",
            "expected",
            "theoretically",
            "the promise of",
            "criterion was >=",
        ),
        ("latency",),
    ),
    Row(
        "subject_not_speed",
        "not_speed",
        r"bills?|spend\w*|budgets?|invoices?|costs?|pricing|price[sd]?|discount\w*|usage|expenses?|"
        r"memory\saccess(?:\s(?:latency|latencies|times?|delays?))?|"
        r"compute|flops|memory|footprint|capacity|bandwidth|hbm|vram|hit\s?rates?|hit\sratios?|sizes?|concurrency|"
        # a count of hits, not their speed ("请求命中大约 4.4×"; not "cache hits are 10x faster")
        r"hits\b(?!\s(?:are|were|is|was|run|ran|become|became|return\w*|complet\w*|take|took|serve\w*|skip\w*|avoid\w*|bypass\w*|cut|reduce\w*|make|made)\b)|"
        r"energy|power\s(?:draw|use|usage|consumption)|"
        r"(?:pp|prefill|prompt[-\s]processing)\s(?:work|energy|compute|flops|costs?)|"
        r"(?:read|write|transfer|copy)\sspeeds?|transfer\s(?:latency|latencies|times?|delays?)|"
        r"(?:kv\s)?cache\sblocks?|accuracy|perplexity|quality\sscores?|compression(?:\sratios?)?|slopes?|"
        r"deviations?|violations?(?:\srates?)?|errors?(?:\srates?)?|"
        r"(?:under|over)[-\s]?estimat\w*|(?:data|transfer|communication|traffic|i/o)\svolumes?|"
        # a count of tokens ("cuts prefill tokens by 42.9%"), not tokens a second
        r"tokens?\scounts?|number\sof\s(?:[\w-]+\s){0,2}(?:tokens|users|sessions|customers|agents|conversations)|"
        r"(?:prefill|input|prompt|context)\stokens\b(?!\s?(?:per\b|/|a\s(?:second|minute)|processed))",
        (
            "input token costs",
            "prefix caching cuts PP work by 2.6×",
            "KV transfer volume is reduced by 4x",
            "W underestimated by ~10–20 %",
            "prefill compute",
            "hit rate",
            "the amount of KV cache blocks",
            "accuracy improvements of",
            "cache read speed",
            "KV cache average transfer latency",
            "memory access latency reduction 15-25%",
            "the slope reduction 96.7%",
            "SLO violation rate",
            "Compression",
            "request hits about",
            "prefill tokens by",
            "token count",
        ),
        ("latency", "cache hits are", "prefill tokens per second"),
    ),
    Row(
        "quantity",
        "not_speed",
        r"the\s[\w-]+\s(?:work|compute|flops)\b|"
        r"the\s(?:attention\s|compute\s|prefill\s)?(?:work|compute|flops|tokens|data|memory|storage|"
        r"capacity|cost|price|number|amount|size|parameters|context|kv|cache)|(?:an?|the)\s\S+'s\b|"
        # "a model 2× the host RAM" (https://github.com/motsognirr/olmlx)
        r"the\s(?:host|system|gpu|cpu|device|available)\s(?:ram|vram|hbm|dram|memory)\b|"
        r"the\s(?:requests|queries|users|sessions|prompts|calls|runs|documents|samples|cases)\b"
        r"(?!\s?(?:per\s|/|a\s(?:second|minute)))",
        (
            "the attention work",
            "the memory",
            "the tokens",
            "the FFN work",
            "the requests",
            "the host RAM",
        ),
        ("the throughput", "the requests per second", "the queries/s"),
    ),
    Row(
        "old_figure",
        "not_speed",
        r"[(,;]\s*(?:was|previously|formerly|down\sfrom|up\sfrom)\s*$",
        ("35x (was", "12x, previously"),
        ("was faster",),
        words=False,
    ),
    Row(
        "gpu_comparison",
        "not_speed",
        r"(?:than|vs\.?|versus|over|compared\s(?:to|with)|relative\sto)\s(?:the\s|an?\s)?"
        r"(?:(?:[\w-]+\s){0,3}[\w-]+,\s(?:the\s|an?\s)?)?(?:nvidia\s|amd\s)?"
        r"(?:hopper|ampere|volta|blackwell|h100s?|a100s?|h200s?|v100s?|b200s?|mi300x|x86|cpus?|npus?|m[1-5](?:\s(?:pro|max|ultra))?(?:\s(?:macs?|chips?))?|"
        r"previous[-\s]generation|prior[-\s]generation|last[-\s]generation|the\sprevious\sgen\w*|(?:the\s)?(?:previous|prior|last|older)\s(?:version|release)s?)|"
        r"gen[-\s]over[-\s]gen|generation[-\s]over[-\s]generation|previous[-\s]generation|prior[-\s]generation|"
        # a system on a CPU as the baseline: "6.1x faster than cached-mcts CPU (45s vs 273s)"
        r"(?:than|vs\.?|versus|compared\s(?:to|with))\s(?:the\s)?(?:[\w-]+\s){1,2}cpus?(?=\s?(?:[(),.;]|$))|"
        r"(?:swapp?\w*|replac\w*|upgrad\w*|switch\w*)\s(?:\w+\s){0,3}(?:for|to|with|by)\s(?:the\s|new\s)?(?:nvidia\s)?"
        r"(?:hopper|blackwell|h100s?|h200s?|b200s?|gb200s?|mi3\d\dx)|"
        # a factor of another GPU's performance: "H100 has 4.6x A100 Performance"
        r"\d\s?[x×]\s(?:the\s)?(?:nvidia\s|amd\s)?(?:hopper|ampere|h100|a100|h200|v100|b200|mi300x)\s"
        r"(?:performance|perf|throughput|speed)",
        (
            "than Hopper",
            "H100 has 4.6x A100 Performance",
            "6.1× faster than cached-mcts CPU (45s vs 273s)",
            "compared to the previous industry standard, the Hopper H100",
            "vs. H100",
            "compared to M4 Macs",
            "compared to the previous generation",
            "swapping our H100s for H200s",
        ),
        ("than recomputing",),
    ),
    # ---- negative topics -----------------------------------------------------------------
    Row(
        "topic_speculative",
        "topic",
        r"speculation(?!\sabout)|draft(?:ing)?\s(?:heads?|tokens?)|accepted\s(?:length|tokens)|acceptance\s(?:rates?|lengths?)|relaxed\sacceptance|jacobi|parallel\sdecod\w*|"
        r"(?:vanilla|autoregressive|plain)\s(?:auto-?regressive\s)?decoding|decoding\sparadigm|autoregressive\s(?:baselines?|generation|methods?)|lookahead|speculative|draft[\"”]?\smodels?|drafters?|recurrent\sdrafting|medusa|eagle(?:-?\d)?|lookahead\sdecoding|multi-token\sprediction|(?<![\w.]-)mtp|early[-\s]exit(?:s|ing)?|layer[-\s]?skip(?:ping)?|n-?gram(?:\sspeculat\w*|\sdraft\w*|\son\s)|"
        # SGLang's "Spec V2" and "spec decode", speculative decoding for short
        r"\bspec[-\s]?(?:decod\w*|v\d\b)",
        (
            "speculative decoding",
            "Spec V2 默认 +11% TPS",
            "Ngram on Llama 3.1 8B",
            "a draft model",
            "EAGLE-3",
            "an accepted length of 1.66",
            "with the help of the relaxed acceptance",
            "than vanilla decoding",
            'a small, fast "draft" model',
            "Recurrent Drafting",
            "vs the autoregressive baseline",
            "Early Exit",  # decode that stops at a shallower layer, as LayerSkip drafts
        ),
        ("speculation about prices",),
    ),
    Row(
        "topic_quantisation",
        "topic",
        r"(?:than|to|over|of|vs\.?)\s(?:the\s)?(?:original\s)?(?:fp16|bf16|fp32|f16|f32|full[-\s]precision)|full[-\s]precision|q4|q8|gguf|w4a8\w*|quantiz\w*|quantis\w*|int8|int4|fp8|fp4|nvfp4|mxfp4|awq|gptq|smoothquant|w8a8|w4a16|4-bit|8-bit|low[-\s]precision|"
        r"fp8_\w+|e4m3\w*|e5m2\w*|(?:sub-)?[1-3]-bit|low-bit",
        (
            "FP8 KV cache",
            "quantization",
            "4-bit weights",
            "than the original FP16 version",
            "speedup over F16",
        ),
        ("quantity",),
    ),
    Row(
        "topic_compression",
        "topic",
        r"(?:reduc|shrink|cut)\w*\s(?:the\s)?(?:kv|key-value)[-\s]?cache(?:\s(?:size|memory|footprint|usage))?\sby|"
        # "significantly reducing compute and KV cache overhead": the cache made smaller
        r"(?:reduc|shrink|cut|lower)\w*\s(?:[^\s.;]+\s){0,3}?(?:kv|key-value)[-\s]?cache\s(?:的\s)?"
        r"(?:overhead|size|memory|footprint|usage)|"
        r"(?:kv|key-value)[-\s]cache\s+(?:(?:size|memory|footprint|usage)\s)?reduction|(?:kv|key-value)\smemory\sreduction|full[-\s]kv[-\s]cach\w*|"
        r"(?:kv|key-value)[-\s]?cache\s(?:is\s)?(?:reduced|cut|shrunk|down)\s(?:by\s)?(?:about\s)?\d+(?:\.\d+)?|llmlingua\w*|prompt\scompression|(?<!first\s)token\sreduction|vision\stokens?|(?:vision|image)\sencoders?|compress(?:ion|ed|es|ing)?|pruning|distill\w*|kv\s(?:cache\s)?(?:eviction|quanti[sz]ation|sharding)|"
        # an evicted cache loaded back is offloaded, not dropped: "an evicted 133,504-token
        # prefix reloaded in 0.69s instead of a 52.47s recompute", "revisit of evicted prefixes
        # | vLLM only (recompute) | + nano CPU tier"
        r"evict\w*+(?!\s(?:and\s\w+\s)?polic)(?![^.;]{0,60}?\b(?:re-?load|restor|re-?fetch|swapped\s(?:back|in)|loaded\sback|(?:cpu|host|dram|ssd|disk|nvme)\stiers?\b))|"
        r"token\s(?:dropping|pruning|merging)|h2o|snapkv|pyramidkv|kivi|kvquant|multi-head\slatent|mla\b|fullkv|"
        # KV-compression methods by their papers' names, and what they share
        r"minicache|zipcache|kvzip|palu|xkv|scissorhands|fastgen|ada-?kv|kv\smerging|low-?rank|pyramidinfer|"
        r"kvpress|razorattention|headkv|chunkkv|squeezeattention|pqcache|clusterkv|keyformer|infinipot|"
        r"kvsharer|kvtuner|zipvl|singleinputkv|swiftkv|lazyllm|fastv|(?<![\w-])r-kv\b|kvcompose|expected\sattention|"
        # more by name, from https://github.com/Zefan-Cai/Awesome-LLM-KV-Cache and the methods
        # of https://github.com/NVIDIA/kvpress: eviction, merging, cross-layer sharing
        r"alisa|d2o|yoco|cross-layer\s(?:attention|kv)|lckv|mlkv|qaq|skvq|tova|heavy[-\s]hitters?|kvmerger|"
        r"weightedkv|keydiff|lagkv|knorm\w*|l2[-\s]norm[-\s]based|dynamic\smemory\scompression|sirllm|lococo|"
        # what eviction and compression methods are measured at
        r"token\sbudgets?|(?:same|fixed|equal|given|high|low|large|small|tight|limited)\s(?:kv\s)?cache\s(?:memory\s)?budgets?|(?<![\d.,])\d+(?:\.\d+)?\s?%\s(?:of\s(?:the\s)?)?(?:full\s)?(?:kv\s)?(?:cache\s)?budget|"
        r"(?:memory|size|footprint)\sreduction\sin\s(?:the\s)?(?:kv|key-value)",
        (
            "KV cache compression",
            "KV cache quantization",
            "SnapKV",
            "evicting tokens",
            "reduces KV cache by 61%",
            "LLMLingua-2",
            "MiniCache",
            "a smaller vision encoder",
            "low-rank KV",
            "PyramidInfer",
            "KVPress",
            "with 2048 token budget",
            "at roughly 20% cache budget",
            "54% GPU memory reduction in KV cache",
            "This KV-cache reduction also leads to a 90% memory saving",
            "KV cache reduced by 75%",
            "10.7x KV memory reduction",
            "Heavy-Hitter Oracle",
            "KV sharing as in YOCO",
            "Cross-Layer Attention",
            "compared to full KV caching",
            "significantly reducing compute and KV cache overhead",
        ),
        ("compressor station",),
    ),
    Row(
        "topic_sparse_attention",
        "topic",
        r"indexers?|sparse\s(?:attention|prefill\w*|kernels?)|sparsity|(?:native|dynamic|block)[-\s]sparse|linear\sattention|"
        r"sliding[-\s]window|attention\ssinks?|streamingllm|(?:over|than|vs\.?|versus|compared\s(?:to|with))\s(?:the\s)?(?:dense\s|full\s)attention|minference|duoattention|flexprefill|flashprefill|xattention|"
        r"state[-\s]space|mamba\w*|hybrid\s(?:attention|models?|architectures?)|ring\sattention|star\sattention|"
        # a recurrent model against the Transformer: "5× higher than Transformers (O(1) per-step
        # recurrence vs. O(L) KV cache)"
        r"rwkv|retnet|(?:per-step|linear)\srecurrence|(?:than|over|vs\.?|versus)\s(?:standard\s|vanilla\s)?transformers\b|"
        # sparse-attention and KV-selection methods by their papers' names
        r"native\ssparse\sattention|deepseek\ssparse\sattention|lightning\sindexer|retrievalattention|rocketkv|"
        r"shadowkv|magicpig|tidaldecode|infllm|top-?k\sattention|(?:kv|token)\sselection|moba|"
        r"mixture\sof\sblock\sattention|landmark\sattention|(?<![\w-])quest\b|"
        r"seerattention|spargeattn|sparq\b|hashattention|squeezed\sattention|tokenselect|specprefill|lserve|"
        r"mminference|sampleattention|retrieval\sheads?|hip\sattention|"
        # KV selection that loads only what attention needs: ArkVale, OmniKV, Double Sparsity
        # (https://github.com/TreeAI-Lab/Awesome-KV-Cache-Management)
        r"arkvale|omnikv|double\ssparsity|"
        # KV selection: the entries a sparse method loads, not a cache reused
        r"(?:top-?k|critical|essential|important|salient)\s(?:kv|key-value)\s(?:cache\s)?(?:pages|entries|blocks)",
        (
            "sparse attention",
            "linear attention",
            "MInference",
            "sliding-window",
            "run the indexer once every 4 layers",
            "Native Sparse Attention",
            "ShadowKV",
            "top-k attention",
            "Quest",
            "SeerAttention",
            "retrieval heads",
            "the Top-K critical KV cache pages",
            "the essential KV cache entries",
            "Double Sparsity",
        ),
        ("sparse matrix of prices", "request"),
    ),
    Row(
        "topic_chunked_prefill",
        "topic",
        r"chunk\ssizes?|chunked[-\s]prefills?|prefill\schunk\w*|chunk(?:ing|ed)\s(?:the\s)?prefill|sarathi\w*|piggyback\w*|unchunked|max[-_]prefill[-_]tokens|max[-_]num[-_]batched[-_]tokens|"
        # prefill scheduled a layer group at a time (https://github.com/scale-snu/layered-prefill)
        r"layered\sprefill",
        (
            "chunked prefill",
            "Layered Prefill",
            "Sarathi-Serve",
            "chunking the prefill",
            "setting the chunk size to 256",
            "vs 257ms unchunked",
            "`--max-prefill-tokens 512`",
        ),
        ("chunked upload",),
    ),
    Row(
        "topic_memory_management",
        "topic",
        r"page[d-]?\s?attention|vattention|memory\s(?:fragmentation|management|allocat\w*|waste)|fragmentation|"
        r"block\s(?:tables?|allocat\w*)|kvcached|(?:efficient|smart|better)\skv[-\s]cache\s(?:management|handling)|"
        r"kv(?:[-\s]cache)?\smanagement\s(?:improvements?|optimi[sz]ations?|changes|rework)",
        (
            "PagedAttention",
            "Page-Attention",
            "its efficient KV cache management",
            "purely from scheduler and KV management improvements",
            "10-20% faster due to better KV cache handling",
            "memory fragmentation",
            "vAttention",
            "using kvcached",
        ),
        ("paged through",),
    ),
    Row(
        "topic_disaggregation",
        "topic",
        r"pd-\w+|p/d|prefill/decode|(?:prefill|decode)\sinstances?|disagg\w*|distserve|splitwise|p/d\s(?:separation|split)|\dp\dd\b|xpyd|"
        r"prefill[-\s](?:and[-\s])?decode\s(?:separation|split\w*)|(?:separat|split)\w*\s(?:the\s|model\s)?prefill\sand\sdecode|"
        r"pd|afd|attention[-\s]ffn|ffn[-\s]nodes?|"
        # encoder, prefill and decode on separate instances: "1E-1PD 構成で" (vLLM's EPD)
        r"\d+e[-+]?\d+pd\b|\d+e[-+]?\d+p[-+]?\d+d\b|epd\s(?:disagg\w*|separation)",
        (
            "disaggregated serving",
            "1E-1PD 構成で",
            "a 1E1P1D deployment",
            "Disagg saves 35–46% vs aggregated",
            "vs 2-lane PD at medium concurrency",
            "AFD should become more attractive",
            "after the FFN-node tax",
            "DistServe",
            "prefill-decode separation",
            "PD-Multiplexing",
            "splitting model prefill and decode onto separate machines",
        ),
        ("aggregated",),
    ),
    Row(
        "topic_routing",
        "topic",
        r"load[-\s]balanc\w*|round[-\s]robin|rout(?:ing|ers?|ed)|schedul(?:er|ers|ing)|admission\scontrol|"
        r"autoscal\w*|request\splacement|queue\smanagement|least[-_\s](?:loaded|requests?)|gateway|batcher|"
        r"routes?\srequests|fastest\sservers?|balanc\w*|power[-_\s]of[-_\s]two|p2c|shortest[-\s](?:prefill|job|remaining[-\s]\w+)[-\s]first|srpt|sjf|"
        r"fcfs|first[-\s]come[-,\s]+first[-\s]served|"
        # a latency predictor steers requests ("Adaptive SLO predictor … 3x better P90 latency")
        r"(?:slo|latency|ttft|tpot)[-\s]predict(?:ors?|ion)|predicted[-\s]latency",
        (
            "load balancing",
            "Adaptive SLO predictor",
            "predicted-latency based scheduling",
            "admission control",
            "the router",
            "scheduler",
            "Shortest Prefill First",
            "power-of-two choices",
            "least_request",
            "6.9x lower mean latency than FCFS",
        ),
        ("route 66 diner",),
    ),
    Row(
        "topic_weight_offload",
        "topic",
        r"experts?\s(?:prefetch\w*|caching|cache|stream\w*)|(?:weights?|experts?|moe\slayers?|parameters|activations|optimizer\sstates?)\s(?:are\s)?(?:offload\w*|to\s(?:the\s)?(?:cpu|host|ssd|nvme|disk))|"
        r"offload\w*\s(?:the\s|model\s)*(?:weights|experts|layers|parameters|activations)|"
        r"flexgen|zero-?(?:inference|offload|infinity)|powerinfer\w*|partial\soffload\w*|(?:gpu|cpu)\slayers|"
        # the weight-offload switches of vLLM, SGLang and diffusers: "启用 `cpu_offload`，在 CPU
        # 和 GPU 之间来回搬运权重" (enable cpu_offload, moving weights between CPU and GPU)
        r"(?:enable_(?:model_|sequential_)?)?cpu_offload(?!_lmcache)\w*(?!\s(?:for|of)\s(?:the\s)?kv)|cpu-offload-gb",
        (
            "offloading model weights",
            "experts to CPU",
            "ZeRO-Inference",
            "FlexGen",
            "启用 `cpu_offload`",
            "--cpu-offload-gb 20",
            "pipe.enable_model_cpu_offload()",
        ),
        (
            "offloading the KV cache",
            "KV cache CPU offload",
            "Enabling cpu_offload for the KV cache",
            "cpu_offload_lmcache.py",
        ),
    ),
    Row(
        "topic_engine_comparison",
        "topic",
        # one implementation swapped in for another: "uses `faster-whisper` instead of standard
        # `openai-whisper` for … 2-3x faster CPU inference"
        r"instead\sof\s(?:the\s)?(?:standard|stock|vanilla|default|original|official|upstream)\s`?[\w.-]+|"
        r"(?:than|vs\.?|versus|over|compared\s(?:to|with)|relative\sto|against)\s(?:the\s|a\s)?(?:stock|vanilla|naive|eager|default|batched|native)\s(?:\w+\s){0,2}?"
        r"(?:transformers|pytorch|implementation|hugging\s?face|hf)|(?:than|vs\.?|versus|over|compared\s(?:to|with))\s(?:the\s)?(?:stock|hugging\s?face|hf)\b|serving\sengines?|(?:than|vs\.?|versus|over|compared\s(?:to|with)|relative\sto|against|outperform\w*)\s(?:the\s|a\s)?"
        r"(?:(?:native|stock|vanilla|upstream|plain|baseline)\s)?(?:hugging\s?face\s|hf\s)?"
        r"(?:vllm|sglang|tgi|text\sgeneration\sinference|tensorrt-llm|trt-llm|llama\.cpp|ollama|lmdeploy|transformers|"
        r"deepspeed[-\w]*|orca|fastertransformer|mlc-llm|exllama\w*|pytorch|baseline\s(?:engines?|frameworks?|systems?)|"
        r"mlx(?:-lm|-vlm)?|llama-cpp-python|candle|mistral\.rs|lightllm|aphrodite|ktransformers|ctranslate2|openvino|"
        r"onnx\s?runtime|tensorrt|mlc|"
        r"other\s(?:engines|frameworks|systems)|(?:the\s)?(?:previous|prior|last|older)\s(?:versions?|releases?))\b|"
        r"\bv?\d+\.\d+(?:\.\d+)?\s(?:vs\.?|versus|over|compared)\s(?:to\s|with\s)?v?\d|since\sv?\d+\.\d+(?:\.\d+)?\b|"
        r"deepspeed[-\s](?:inference|mii|fastgen)|\bmii\b|fastertransformer|(?:sglang|vllm|tensorrt-llm|trt-llm|tgi)\sv?\d+\.\d+|"
        r"(?:previous|prior|last|older)\s(?:versions?|releases?|design|implementation)|mlperf|this\s(?:pr|release|version)|"
        r"(?:other|existing)\s(?:offloading-based\s)(?:systems|engines|frameworks|backends)|(?:other|existing)\s(?:serving\s|inference\s)?(?:engines|frameworks|backends)|"
        r"(?:open-source|commercial|proprietary)\s(?:and\s(?:open-source|commercial)\s)?(?:inference|serving)\s(?:solutions|engines|stacks|providers|platforms)|"
        r"(?:next|other)\s(?:leading\s)?(?:managed\s)?(?:\w+\s)?(?:services?|products?|providers?|platforms?|offerings?)|"
        r"competing\s(?:managed\s)?(?:\w+\s)?(?:services|products|providers|platforms|offerings|solutions)|nano-vllm|"
        r"next[-\s](?:fastest|best)\s(?:option|system|solution|engine|alternative)s?|\bv\d+\s(?:vs\.?|versus|over)\s`?v\d+\b|"
        r"compar\w*\s(?:with|to)\s`?v\d+\b|(?:its|their)\s(?:\w+\s)?predecessors?|"
        # Japanese "V0比", "DeepSeek 67B比", glossed: relative to an older version or model
        r"\bv\d+(?:\.\d+)*\srelative\b|(?:llama|qwen|mistral|mixtral|gemma|phi|deepseek|glm|falcon|gpt)"
        r"[\w.-]*(?:\s[\w.-]+)?\srelative\b|" + _THAN_AFTER + "|"
        # a new version of an engine: "vLLM V1: A major architectural upgrade with 1.7x speedup"
        r"major\s(?:architectural\s)?(?:upgrade|rewrite|overhaul|re-?architecture)|"
        r"architectural\s(?:upgrade|rewrite|overhaul|re-?architecture)|"
        r"(?:than|vs\.?|versus|compared\s(?:to|with))\s(?:the\s)?(?:llama|qwen|mistral|mixtral|gemma|phi|exaone|deepseek|glm|falcon|gpt-\d|claude|gemini)[\w.-]*|on\s(?:the\s)?same\sengine|"
        r"(?:than|vs\.?|versus|over|compared\s(?:to|with))\s(?:the\s)?\d+(?:\.\d+)?\s(?:flash|pro|turbo|mini|nano|sonnet|opus|haiku|ultra)\b|"
        r"(?:comparison|comparing|benchmark\w*)\s(?:of|between)\s(?:the\s)?(?:vllm|sglang|tgi|tensorrt-llm|trt-llm|llama\.cpp|ollama|lmdeploy)\s(?:and|&|with|vs\.?|versus)\s[\w.-]*\w|"
        r"(?:than|vs\.?|versus|over|compared\s(?:to|with))\s(?:the\s|an?\s)?(?:[\w-]+\s)?(?:hugging\s?face|hf)\s"
        r"(?:backends?|implementations?|transformers|baselines?|pipelines?)\b|"
        # "Compared to 10.31 tokens/s in llama.cpp with 2×32 cores": the engine after its figure
        r"(?:than|vs\.?|versus|compared\s(?:to|with))\s(?:(?![.!?]\s)[^;:]){0,40}?\b(?:in|with|on|using|of)\s(?:the\s)?"
        r"(?:native\s|stock\s|vanilla\s|plain\s)?(?:llama\.cpp|ollama|vllm|sglang|tgi|tensorrt-llm|trt-llm|lmdeploy)\b|"
        # "TTFT is 2.4x stock mlx-vlm": a factor of a stock engine, with no "than" between
        r"(?:(?<![\d.])\d[\d.]*+\s?[x×]|times)\s(?:stock|vanilla|upstream|unmodified)\s(?:mlx(?:-lm|-vlm)?|llama\.cpp|ollama|vllm|sglang|tgi|"
        r"tensorrt-llm|trt-llm|lmdeploy|transformers)\b|"
        # "nearly 10 times that of llama.cpp", "from 4.86 tokens/s with llama.cpp to 27.49"
        r"(?:times|[x×])\s(?:that|those)\s(?:of|in)\s(?:the\s)?(?:llama\.cpp|ollama|vllm|sglang|tgi|tensorrt-llm|trt-llm|lmdeploy)\b|"
        r"\bfrom\s[\d.,]+\s?\S+\s(?:with|in|on|using)\s(?:llama\.cpp|ollama|vllm|sglang|tgi|tensorrt-llm|trt-llm|lmdeploy)\sto\b",
        (
            "than vLLM",
            "instead of standard `openai-whisper`",
            "1.10-1.19x decode vs mlx-lm",
            "faster than LightLLM",
            "than an initial HF backend",
            "Compared to 10.31 tokens/s in llama.cpp",
            "nearly 10 times that of llama.cpp",
            "TTFT is 2.4x stock mlx-vlm",
            "from 4.86 tokens/s with llama.cpp to 27.49 tokens/s",
            "vs TGI",
            "compared to the previous release",
            "A major architectural upgrade with 1.7x speedup",
            "vLLM よりも up to 1.8x",
            "vLLM 보다 up to 1.8x",
            "0.6.0 vs 0.5.3",
            "+56% on long prompts since v1.0.1",
            "DeepSpeed-MII",
            "MLPerf",
            "compared to stock transformers",
            "compared to native vLLM",
            "comparison of vLLM and SGLang",
            "17% faster than Qwen3 on same engine",
            "1.24x mixed-step TPOT vs stock",
            "a 3x improvement in time to first token (TTFT) over 1.5 Flash",
            "than the baseline vLLM deployment",
            "compared to both open-source and commercial inference solutions",
            "versus the next leading managed Kubernetes service",
            "over competing managed inference products",
            "faster than Nano-vLLM",
            "relative to the next-fastest option",
            "v4 vs v3 Improvement",
            "Comparing with V1, V2 achieves",
            "twice as fast as its predecessor",
        ),
        ("than recomputing",),
    ),
    Row(
        "topic_other_cache",
        "topic",
        r"(?:repeated|cold|warm|incremental|docker|ci|clean)\sbuilds?|builds?\stimes?|the\s(?:first|second|third)\sbuild|artifacts|(?:cold|warm)\sresolves?|pip|npm|docker|semantic\s(?:(?:prompt|response|llm|query)\s)?(?:cach\w*|layer)|caching\s(?:frequent\s|common\s|repeated\s|popular\s)?(?:queries|results|responses|embeddings|lookups)|stor(?:e|es|ed|ing)\s(?:llm\s)?responses|serv(?:e|es|ed|ing)\s(?:the\s)?(?:answers|responses)\s(?:directly\s)?from\s(?:the\s)?cache|(?:llm\s)?response\scach\w*|llm\scach(?:e|es|ing)\b|false[-\s]positive\srates?|gptcache|langcache|semantically\s(?:similar|equivalent)|cdn|cloudfront|akamai|fastly|http\scach\w*|browser\scach\w*|"
        r"lru_cache|functools|memoi[sz]\w*|(?:docker|container|image|layer|build|compil\w*|compile|pip|uv|npm|wheel|"
        r"dependency|model|weights?|embeddings?|query|result|search|retriever|retrieval|dns|inode|python|object|graph|autotune|triton|kernel|encoder|experts?)\scach\w*|"
        r"encodercache|ec[-_\s]?connector\w*|"
        # a semantic cache's store: "| Similar Query (Semantic Match) | Qdrant | 457ms | 18.7x faster |"
        r"semantic\s(?:match\w*|similarity|lookups?)|(?:embedding|cosine)\s(?:similarity|distance)|similarity\sthreshold|qdrant|pinecone|weaviate|milvus|chromadb|vector\s(?:db|database|store)s?|"
        r"ccache|sccache|bazel|(?:file|disk|helper)\scach\w*|compilation\s(?:is\s)?(?:skipped|avoided)|"
        r"(?:sparse|vector|search|secondary|inverted|cold|warm)\sind(?:ex|exes|ices)(?:\sloads?)?|turborepo|build\sbackends?|uv\s(?:sync|pip|lock)|pip\sinstall|"
        r"cached\s(?:containers?|images?|layers?|builds?|dependencies|wheels|results|responses|answers|embeddings|models?|weights)|"
        r"redis\s(?:caching\s)?(?:layers?|cache)|(?:with|using)\sredis\b|(?:shared-)?redis\s(?:hits?|rows?)|"
        # a query answered again: "| Same Query (Exact Match) | Redis | 1.11ms | 7,723x faster |"
        r"same\s(?:user\s)?query\b|"
        # a response cache answers instead of the model: "~180ms (LLM call) vs ~25ms (cache hit)"
        r"(?:live\s)?llm\scalls?|inference\s(?:process\s)?is\sskipped|traffic\sfrom\s(?:the\s)?cache|tool[-\s]call\s(?:execution|latency)|tool\strajector\w*|database\s(?:calls|requests?|quer(?:y|ies))|"
        # continuous integration: "Python CI used to take 2.5 minutes", "Job time: 51 min cold"
        r"ci\s(?:runs?|jobs?|pipelines?|workflows?|times?|used\sto)|job\stimes?|"
        r"(?:fully[-\s])?cached\s(?:\w+\s)?builds?|"
        # a cache of a tokenizer's output: "caching token IDs in Redis" instead of re-tokenizing
        r"(?:token[-\s]ids?|tokeni[sz](?:ation|er))\s(?:output\s)?cach\w*|caching\stoken[-\s]ids|"
        r"re-?tokeni[sz]\w*|token\scaching\soptimi[sz]ation",
        (
            "semantic caching",
            "a semantic prompt cache",
            "CloudFront cache hits",
            "Similar Query (Semantic Match) | Qdrant",
            "Same Query (Exact Match) | Redis",
            "over 60% expert cache hit rate",
            "The in-session search cache",
            "EncoderCache",
            "ECConnector",
            "Docker layer cache",
            "ccache",
            "cached responses",
            "lru_cache",
            "repeated builds",
            "build times",
            "LLM caching can cut costs",
            "a 0.8% false-positive rate",
            "storing responses for similar queries",
            "serving answers directly from the cache",
            "a content-hash file cache",
            "compilation is skipped entirely",
            "a cold index load",
            "caching frequent queries",
            "a production-grade Redis caching layer",
            "a comprehensive caching strategy with Redis",
            "an 84 µs shared-redis hit",
            "Python CI used to take",
            "Job time: ~51 min cold",
            "a fully-cached windows build",
            "By caching token IDs in Redis",
            "re-tokenizing retrieved documents",
            "~180ms (LLM call) vs ~25ms (cache hit)",
            "If the query hits the cache, the inference process is skipped",
            "served 77% of traffic from cache",
            "median tool-call execution time dropped by up to 6.9x",
            "reduced database calls by approximately 90%",
            "compared to ~500ms on a heavy database request",
        ),
        ("prefix caching", "KV cache", "KV cache offload to Redis"),
    ),
    Row(
        "topic_storage_io",
        "topic",
        r"gpudirect\sstorage|\bgds\b|bounce\sbuffers?|deepnvme|(?:read|write)\s(?:bandwidth|throughput)|iops|"
        r"nvme[-\s]o[-\s]?f|storage\s(?:bandwidth|throughput)|(?:read|write|transfer|copy)\sspeeds?|sequential\s(?:reads?|writes?)|i/o\stime|(?:than|vs\.?|versus|over)\s(?:optimi[sz]ed\s|standard\s|plain\s|kernel\s)?tcp\b|"
        r"(?:than|vs\.?|versus|compared\s(?:to|with))\s(?:traditional\s|传统\s?)?pcie\b",
        (
            "GPUDirect Storage",
            "bounce buffer",
            "read bandwidth",
            "faster than optimized TCP",
            "compared to 传统 PCIe Gen5",
            "cache read speed",
            "sequential reads",
            "blocked I/O time",
        ),
        ("a direct storage of KV",),
    ),
    Row(
        "topic_log_line",
        "topic",
        r"maximum\sconcurrency|kv\scache\susage|avg\s(?:prompt|generation)\sthroughput|running:\s\d+\sreqs?|"
        r"(?:info|warning|debug|error)\s\d\d-\d\d|\d\d:\d\d:\d\d|\w+\.py:\d+|±|\bprev=|\bdiff=|mean\s±|\[user:",
        ("Maximum concurrency", "INFO 05-12", "12:01:33", "scheduler.py:212"),
        ("concurrency",),
    ),
    Row(
        "topic_slo",
        "topic",
        r"\w+_p\d\d\s?=\s?\d+|slos?\s?(?:=|of\b|is\b|was\b|set\b|targets?\b|thresholds?\b|definitions?\b)|"
        r"(?:set|define[sd]?)\s(?:the\s|an?\s)?(?:\w+\s)?slos?|sla\s(?:of|is)\b|(?:(?<![\d.])\d[\d.]*+\s?)?[x×]\s(?:the\s)?(?:slo|sla)\b|"
        r"(?<![\d.])\d[\d.]*+[-\s]?(?:ms|milliseconds?|seconds?|s)\s(?:(?:slo|sla)\s)?(?:threshold|target|limit|deadline|budget)|"
        r"(?<![\d.])\d[\d.]*+[-\s]?(?:ms|milliseconds?|seconds?|s)\s(?:slo|sla)s?\b|"
        # a bound, not a measurement: "TTFT <= 100ms", "P95 > 2.5s"
        r"(?:ttft|tpot|itl|latency|p\d\d)\s?(?:<=|>=|≤|≥|<|>)\s?\d[\d.]*\s?(?:ms|s|sec\w*|milliseconds?)?|"
        # a requirement stated with its value: "exceeding the typical TTFT requirement of 10 s"
        r"(?:ttft|tpot|itl|latency)\srequirements?\sof\s\d+|"
        # a setting's scale, not a measurement: "time scaling factor (1.0 = real-time, 0.1 = 10x)"
        r"(?<![\w.])\d[\d.]*\s?=\s?\d[\d.]*\s?[x×]\s(?:faster|slower|speed\w*)",
        (
            "TTFT_P90 = 10×",
            "prefill times that bust the 500 ms SLO budget",
            "SLO of",
            "set the TTFT SLO",
            "10x the SLO",
            "the 10-second threshold",
            "Target: TTFT <= 100ms for interactive applications",
            "| TTFT | P95 > 2.5s | P95 > 3s |",
            "0.1 = 10x faster",
            "the typical TTFT requirement of 10 s",
        ),
        ("slow", "speedup = 10x", "7168 = 2×3584"),
    ),
    Row(
        "topic_count",
        "topic",
        r"fewer\s(?:\w+\s)?(?:tokens|calls|requests|users|gpus|steps|parameters|lines|ops|operations|flops)|"
        r"as\smany\s(?:\w+\s)?(?:tokens|users|requests|sessions|sequences)|"
        r"more\s(?:concurrent\s|prompt\s|input\s|context\s)?(?:users|tokens(?!\s?(?:per\s|/\s?)(?:s|gpu))|sessions|customers|parameters|agents|conversations)|"
        r"\w+s\s(?:per|a|each)\s(?:day|month|week|hour)|reduction\sin\s(?:\w+\s)?tokens|"
        # a shorter prompt, not a faster one: "A 28× prompt reduction that cuts prefill from ~60 s"
        r"prompt\s(?:size\s|length\s)?(?:reduction|shrinkage)",
        (
            "110x fewer tokens",
            "10x more users",
            "requests per day",
            "reduction in prompt tokens",
            "A 28× prompt reduction",
            "199 busts per day",
            "2x as many active tokens",
            "2.9x fewer indexer ops",
        ),
        ("faster tokens", "handle 75% more requests", "20% more queries"),
    ),
    Row(
        "topic_kernel",
        "topic",
        r"flash[-\s]attention\w*|sageattention\w*|attention\s(?:implementations?|computation)|self-attention\s(?:speedups?|kernels?)|speeds?\sup\s(?:the\s)?self-attention|naive\s(?:attention|implementation)|torch\.(?!profiler)\w+|"
        r"pytorch\soptimi[sz]ations|native\spytorch|overhead[-\s]bound|cuda\smodules|kernel\slaunch\w*|python-based|pure\srust|\btuning|flash-?attention\w*|flashinfer|(?<!linux\s)(?<!os\s)kernels?(?![-\s](?:file|bypass|space|drivers?|modules?|page))|fused|cuda\sgraphs?|graph\s(?:mode|replay)|aclgraph|piecewise\s(?:cuda\s)?graphs?|torch\.compile|triton|paged\s?attention\skernel|tokeni[sz]\w*|"
        r"gemms?|matmuls?|all-?reduce|all-?to-?all|nccl|communication[-\s](?:overhead|time|reduction|volume|latency|delay)|cutlass|deepgemm|autotun\w*|gqa|sdpa|"
        r"gemv|wmma|(?:un)?tuned|uncompiled|compiled\s(?:version|model|graph)|eager\s(?:mode|baseline|execution)|graph\scapture|"
        r"(?:dual|multi)[-\s]streams?|h2d|d2h|tensorrt(?!-llm)|detokeni[sz]\w*|convolution\w*|"
        # a compile, not a model's run: "Recompile, 74.5 s | Prebuilt cache, 8.8 s | 8.5× faster compile"
        r"re-?compil\w*|(?:faster|slower)\scompil\w*|compil(?:e|ation)\s(?:times?|steps?|phases?)|"
        # a selection kernel: "V2 makes prefill Top-K 1.84–2.61× faster than radix CUDA"
        r"(?:prefill|decode|exact)\stop-?k|top-?k\s(?:kernels?|selection|operators?)|split[-\s]kv|kv[-\s]splits?",
        (
            "FlashAttention-3",
            "prefill Top-K",
            "fused kernels",
            "CUDA graphs",
            "Flash Attention in PyTorch",
            "over `torch.topk`",
            "7.03x self-attention speedup",
            "With Graph Mode enabled",
            "Graph replay reissues the identical launches",
            "custom SDPA (~3x speedup)",
            "the compiled version runs over 30% faster than the uncompiled one",
            "compared the bf16 eager baseline",
            "Decode graphs (CUDA/XPU graph capture)",
            "96% speedup over untuned rocWMMA",
            "Dual stream encode",
            "The TensorRT optimization provided 2x",
            "Faster convolution computation improves TTFT by 0.95%",
            "8.5× faster compile",
        ),
        ("kernelized", "torch.profiler", "kernel bypass", "the Linux kernel", "kernel file system"),
    ),
    Row(
        "topic_parallelism",
        "topic",
        r"(?:expert|data|hybrid|cfg|attention)[-\s]parallel\w*|ulysses|megatron\w*|pipefusion|pipefuse|parallel\sdegree|xdit|(?:tp|dp|ep|sp|pp|etp|edp)\s?=\s?\d+|"
        r"(?:tp|dp|ep)\d+|tp-only|(?:single|one)[-\s](?:gpu|card|replica|device)\s(?:inference|baselines?)|replicas?|multi-gpu\sinference|"
        r"(?:than|compared\s(?:to|with)|over|relative\sto|vs\.?)\s(?:a\s|the\s)?(?:single|one|\d+|two|four|eight)[-\s](?:gpus?|cards?|nodes?|devices?|threads?)|thread\scounts?|tensor\sparallel\w*|pipeline\sparallel\w*|context\sparallel\w*|sequence\sparallel\w*|"
        r"continuous\sbatching|in-flight\sbatching|batching|concurrent\sprocessing|two-batch\soverlap|dcp|attention\sdp|dp\sattention|"
        # requests run together against one at a time: "with a concurrency of 8 compared to
        # standard sequential inference"
        r"(?:than|vs\.?|versus|compared\s(?:to|with)|over)\s(?:the\s)?(?:standard\s|naive\s|plain\s)?sequential\s(?:inference|processing|execution|requests?|decoding|generation)|"
        r"batch\soperations|bulk\s(?:imports?|inserts?|writes?|operations)|\d+\s?(?:→|->)\s?\d+\sconcurrent\s\w+|"
        # how many requests the engine runs at once: vLLM's "--max-num-seqs 8 → 24"
        r"max[-_]num[-_]seqs|max[-_]concurrency|max[-_]running[-_]requests|"
        # more requests at once, the gain of load not of reuse: "increasing concurrency from 1
        # to 32", "并发 1→20", "동시성을 32로 올리면" (when concurrency is raised to 32)
        r"(?:increas\w*|rais\w*|scal\w*|bump\w*)\s(?:the\s)?concurrency\s(?:from\s\d+\s)?to\s\d+|concurrency\s(?:from\s)?\d+\s?(?:→|->)\s?\d+|"
        r"concurrency\s?(?:을|를)\s?\d+\s?(?:로|으로)\s?(?:올리|높이)\w*|"
        r"from\s(?:one|a\ssingle|1)\sto\s(?:two|four|eight|2|4|8)\s(?:gpus|h100s|a100s|h200s|b200s|nodes)|"
        r"overlap\w*\s(?:the\s)?(?:computation|compute)\sand\scommunication|(?:computation|compute)[-\s]communication\soverlap|non-?overlapp?ed\sbaselines?|multi-gpu\ssetups?|\w+-node\ssetups?|disaggregat\w*\sprefill(?:\sand\sdecode)?\salone",
        (
            "tensor parallelism",
            "continuous batching",
            "TP=2, SP=4",
            "relative to single GPU inference",
            "1.9x lower than 8 GPUs",
            "Two-batch overlap",
            "compared to standard sequential inference",
            "Enabling DCP delivers",
            "the attention DP technique",
            "moving from one to two H100s",
            "overlapping computation and communication",
            "a batch parallel degree of 2",
            "faster than the 10-thread (nproc) baseline",
            "increasing concurrency from 1 to 32",
            "concurrency 1→20",
            "concurrency 을 32 로 올리면",
            "Raise `--max-num-seqs`",
        ),
        ("parallel universe", "threaded"),
    ),
    Row(
        "topic_gpu_generation",
        "topic",
        r"lpus?|groq|than\s(?:nvidia\s)?gpus|than\shbm|7900\sxtx|(?:rtx\s)?[345]0[6-9]0(?:\sti)?\s(?:has|is)|"
        r"(?:the\s)?(?:b200|h200|mi300x|mi325x|mi355x|gb200)\s(?:is|was|delivers?|produces?|achieves?|provides?|nearly|demonstrated|again|shows?)|previous\sgeneration|prior\sgeneration|last\sgeneration|gen-over-gen|next[-\s]gen(?:eration)?\sgpus?|new\sgpus?|"
        r"(?:on|with)\s(?:the\s)?(?:nvidia\s)?(?:gb200|b200|b300|h200|mi3\d\dx?)\b|nvl72|"
        # devices other than a datacentre GPU: phone and laptop NPUs, Apple and Arm chips
        r"(?:on|with)\s(?:the\s)?(?:hexagon\s)?npus?|hexagon\snpu|npu\s(?:vs\.?|versus)|ipad|neural\s(?:engine|accelerators?)|neoverse|snapdragon|"
        r"(?:on|with)\s(?:the\s|an?\s)?(?:apple\s)?m[1-5](?:\s(?:pro|max|ultra))?\b|"
        # other accelerators, and GPUs as the baseline of one
        r"cerebras|wafer[-\s]scale|sambanova|trainium\w*|inferentia\w*|gaudi\s?\d?|previous[-\s]gen\b|(?:than|vs\.?|versus|compared\s(?:to|with))\s(?:\w+\s){0,3}?gpu[-\s]based|"
        r"(?:than|vs\.?|versus|compared\s(?:to|with))\s(?:the\s)?(?:nvidia\s)?(?:gpus\b|gpu\s(?:solutions|clouds?|providers?))|"
        r"(?:intel\s)?xeon|epyc|"
        # a GPU as the one that is faster: "the A100 prefills ~4x faster", "The B200 floor is
        # roughly 4x faster"; and faster hardware as the cause
        r"(?:the\s)?(?:a100|h100|h200|b200|b300|l40s?|l4|mi300x|rtx\s?\d{4})\s(?:prefills|decodes|floor|ceiling)\b|"
        r"(?:improved|faster|newer|better|upgraded)\shardware",
        (
            "the A100 prefills ~4x faster",
            "The B200 floor is roughly 4x faster",
            "decoding is done on improved hardware with 4x decoding speed",
            "Cerebras inference delivers",
            "than NVIDIA GPU-based hyperscale clouds",
            "than the leading GPU-based provider",
            "Compared to GPU solutions",
            "Compared to Nvidia GPUs rented from AWS",
            "compared to Intel Xeon Host CPUs",
            "previous generation",
            "next-gen GPUs",
            "Groq's LPU",
            "the MI300X nearly doubles",
            "~720 tok/s on the NPU vs ~85 tok/s on CPU",
            "Hexagon NPU 在 prefill 上优势最大",
            "iPad Pro is 1.2x-2.2x faster",
            "1.72x on Neoverse-N2",
            "2.28x faster prompt processing on the M4",
        ),
        ("generation speed",),
    ),
    Row(
        "topic_training",
        "topic",
        r"train|training|pre-?train\w*|fine[-\s]?tun\w*|trained\son|backward\spass|optimizer\s(?:steps?|states?)|gradient\w*|epochs?|parameter\supdates?",
        (
            "training",
            "pretrained on",
            "fine-tuning",
            "to train larger models",
            "the parameter update process",
        ),
        ("trainee",),
    ),
    Row(
        "topic_model_loading",
        "topic",
        r"reload\w*\s(?:the\s)?models?|load(?:s|ed|ing)?\s(?:the\s)?models?\b(?!['’]s)|sleep\smode|cold\sendpoints?|first-request\slatency|(?:than|vs\.?|over)\s(?:re-?initiali[sz]\w*|re-?launch\w*|a\scold\sboot)|wake(?:[-\s]up)?|model\sswitch\w*|lora\sfusion|start-?up|weight\sload\w*|model\sload\w*|load(?:ing)?\s(?:the\s)?(?:model\s)?weights|checkpoint\w*|cold\sstarts?|model\sswap\w*|"
        r"(?:concurrent\s)?downloads?|pods?\s(?:start\w*|ready|scheduled)|container\sstart\w*|"
        r"load\stimes?|model\sserialization|serializ\w*|model\sstreamer|tensorizer|safetensors|"
        r"weights?\s(?:updates?|transfers?|sync\w*|refit\w*)|"
        r"(?:process|pod|container|gpu|cuda|memory)\ssnapshots?|captured\sworkloads?|"
        r"models?\s(?:took|takes?)\s(?:up\sto\s|about\s|around\s|over\s)?[\d.]+\s?(?:minutes?|mins?|hours?)\sto\sload|"
        r"(?:cold|warm)\s(?:gpu\s)?instances?|scaled\sto\szero|scale-to-zero",
        (
            "model loading",
            "cold starts",
            "loading weights",
            "Sleep Mode",
            "than reloading models",
            "A cold instance that's scaled to zero",
            "weight updates",
            "a GPU snapshot",
            "Restoring a captured workload",
            "models took up to 12 minutes to load",
            "Load model",
        ),
        ("loading its KV cache", "load the model's KV cache"),
    ),
    Row(
        "topic_no_cache",
        "topic",
        r"no\s(?:kv\s|prefix\s|prompt\s)?caching(?:\sinvolved)?|no\scache\s(?:involved|used|benefit)|"
        r"no\s(?:kv|prefix|prompt)[-\s]cache\s(?:reuse|hits?)|"
        r"caching\s(?:was\s)?off|(?:caching|(?:kv\s|prefix\s|prompt\s)?cache)\s+(?:was\s|is\s)?disabled|"
        r"(?:with|without)\sno\scache|"
        # the gain of offloading nothing: "Text Encoder 加速 32.2x（RTX 4090，消除 offload）"
        # (glossed "eliminating offload")
        r"(?:eliminat\w*|remov\w*|no\sneed\sfor)\s(?:the\s)?(?:cpu\s|weight\s|model\s)?offload(?:ing|s)?\b",
        (
            "eliminating offload",
            "removing the CPU offload",
            "no caching involved",
            "no cache benefit",
            "caching disabled",
            "no prefix-cache reuse",
            "Cache disabled at 64K",
        ),
        ("without caching",),
    ),
    Row(
        "engine_name",
        "cue",
        r"nano-vllm|vllm|sglang|tgi|text\sgeneration\sinference|tensorrt-llm|trt-llm|llama\.cpp|ollama|lmdeploy|"
        r"lightllm|mlc-llm|exllama\w*|mistral\.rs",
        ("vLLM", "SGLang", "TensorRT-LLM", "llama.cpp", "Nano-vLLM"),
        ("TGIF",),
    ),
    Row(
        "kv_denied",
        "cue",
        r"(?:independent\sof|unrelated\sto|regardless\sof|not\s(?:due\sto|caused\sby|because\sof|related\sto|attributable\sto|from))"
        r"\s(?:the\s|any\s)?(?:kv|prefix|prompt|cach\w*|offload\w*)(?:[-\s](?:cach\w*|offload\w*|reuse|hits?))?",
        (
            "Independent of KV offload",
            "unrelated to prefix caching",
            "not due to caching",
            "not from the KV cache",
        ),
        ("independent of the model", "not due to routing"),
    ),
    Row(
        "topic_diffusion",
        "topic",
        r"videos?|videogen|hunyuanvideo|cogvideox|vae|image\sresolutions?|teacache|diffusion|dit|image\sgeneration|video\sgeneration|text-to-image|text-to-video",
        (
            "Diffusion Transformers (DiT)",
            "video generation",
            "960x960 videos",
            "Sparse VideoGen",
        ),
        ("diffused",),
    ),
    Row(
        "topic_token_usage",
        "topic",
        r"token\s(?:usage|consumption|volume|counts?)|(?:trillion|billion)\stokens|tokens\s(?:processed|served)\s(?:per|a|each)\s(?:day|month|week)",
        ("token usage", "16.4 trillion tokens", "tokens processed per day"),
        ("token generation",),
    ),
    Row(
        "topic_phase_comparison",
        "topic",
        # one phase of inference set against another: "prefill is 10x faster than generation"
        r"faster\s(?:per\stoken\s)?than\s(?:the\s)?(?:decod(?:e|ing)|(?:token\s|output\s)?generation)\b",
        ("faster than generation", "faster than decoding", "faster per token than decode"),
        ("faster than recomputing", "faster than standard decoding", "faster than generations"),
    ),
    Row(
        "topic_business",
        "topic",
        r"revenue|arr|valuation|funding|market\sshare|bookings|year[-\s]over[-\s]year|yoy|shareholders?|earnings",
        ("revenue", "year-over-year", "market share"),
        ("arrow",),
    ),
    Row(
        "reuse_signal",
        "cue",
        r"returning|repeat(?:ed|s)?|follow-up|again|resum\w*|persistent|(?:chat\s)?sessions?|come\sback|comes\sback|"
        r"same\s(?:pdf|documents?|prompts?|context|tools|prefix(?:es)?|system\sprompt)|multi-turn|"
        r"long[-\s](?:documents?|contexts?|prompts?|inputs?)|"
        r"(?<![\d.,])(?:[\d.,]+\s?k[-\s](?:tokens?|token\s\w+|inputs?|contexts?)|\d{1,3}(?:,\d{3})+[-\s]tokens?|"
        r"\d+k\s(?:inputs?|contexts?|prompts?))|at\s\d+k",
        (
            "returning users",
            "repeat document queries",
            "follow-up questions",
            "112K tokens",
            "131,072-token inputs",
            "128K input",
            "at 32K",
            "the same PDF",
        ),
        ("samesite", "32K GPUs"),
    ),
    Row(
        "uncached",
        "cue",
        r"cold\sttft|first-time\srequests|"
        r"(?:fresh|uncached)\s(?:[\d,.]+k?-token\s)?prompts?|"
        r"(?:with|when)\s(?:the\s)?(?:prefix|prompt|kv)[-\s]cach\w*\s(?:is\s|was\s)?(?:disabled|off)",
        (
            "cold TTFT",
            "First-time requests",
            "with prefix caching disabled",
            "A fresh 7,300-token prompt",
            "an uncached prompt",
        ),
        ("cold storage", "refresh prompts"),
    ),
    # ---- KV-cache cues -------------------------------------------------------------------
    Row(
        "cue_strong",
        "cue",
        r"kv|key[-\s]value|kvcache|prefill\w*|pre-fill|ttft|time[-\s]to[-\s]first[-\s]token|"
        r"first[-\s]tokens?|recomput\w*|re-?prefill\w*|prefix(?:es)?\scach\w*|prompt\scach\w*|"
        r"context\scach\w*|cache[sd]?\s(?:hits?|prefix\w*|context|prompts?)|cached\s(?:prefix|context|prompt|tokens?|input)\w*|"
        r"cache\shit|implicit\scaching|explicit\scaching",
        ("KV cache", "prefix caching", "prompt caching", "TTFT", "recompute", "cached tokens"),
        ("cache line",),
    ),
    Row(
        "cue_kv",
        "cue",
        # (not a decode kernel's split-KV: "256K decode attention — split-KV CU occupancy")
        r"(?<!split-)(?<!split\s)kv(?![-\s]splits?)|key[-\s]value(?!\s(?:stores?|storage|databases?|db|pairs?|lookups?))|kvcache|recomput\w*|recalculat\w*|re-?prefill\w*|prefix(?:es)?[-\s]cach\w*|(?<!semantic\s)prompt[-\s]cach\w*|"
        r"(?:[a-z]+_)?(?:prefix|prompt)_cach\w*|"
        r"prefix[-\s](?:reuse|sharing|hits?|match\w*|aware)|prefix[-\s]?hash\w*|cache[-\s]aware|"
        r"context\scach\w*|radix\scache|cache[-\s]breakpoints?|cache_control|cache[sd]?\s(?:hits?|prefix\w*|context|prompts?)|cached\s(?:prefix|context|prompt|tokens?|input)\w*|"
        r"cache\shit|cache\s(?:is|was)\shit|implicit\scaching|explicit\scaching|(?:when|once|if)\s(?:the\s)?(?:\w+\s)?(?:is|was|are|were)\scached|"
        # only a kept KV cache lets a request skip its prefill
        r"skip\w*\s(?:the\s)?(?:\w+\s)?prefill\w*|prefill\s(?:is\s|was\s)?skipped|"
        # a full or cold prefill as the baseline is recompute by another name
        r"(?:than|over|vs\.?|versus|compared\s(?:to|with))\s(?:an?\s|the\s)?(?:full|cold|complete)\sprefill",
        (
            "KV cache",
            "29.2x over full prefill",
            "Semantic cache hits skip prefill entirely",
            "prefix caching",
            "when the prompt was cached",
            "recompute",
            "enable_prefix_caching",
            "Adding cache breakpoints",
        ),
        ("TTFT", "cache line", "generic key-value storage"),
    ),
    Row(
        "cue_routing",
        "cue",
        # routing that sends a request where its prefix is cached: the gain is the cache's
        r"prefix[-\s]aware|prefix[-\s]?hash\w*|(?:kv[-\s]?)?cache[-\s]aware",
        ("Prefix Aware Load Balancing", "PrefixHash", "KV-cache-aware routing", "cache-aware"),
        ("load-aware routing", "prefix sum", "cache awareness"),
    ),
    Row(
        "cue_weak",
        "cue",
        r"context|prompts?|prefix(?:es)?|cache[sd]?|caching|offload\w*|reus\w*|restor\w*|reload\w*|"
        r"multi-(?:turn|round)|multi-tier|tiered\sstorage",
        ("context", "caching", "offloading", "reuse"),
        ("contextual",),
    ),
    Row(
        "kv_product",
        "cue",
        r"lmcache|mooncake|hicache|radix\s?attention|radix\stree|dynamo\skv\w*|kvbm|kv\sblock\smanager|llm-d|"
        r"ucm|unified\scache\smanager|cachegen|cacheblend|cachedattention|attentionstore|pensieve|"
        r"augmented\smemory\sgrid|infinia|tensormesh|lightningai|context\smemory\sstorage|icms|"
        r"ragcache|turborag|infinistore|vllm\sprefix|automatic\sprefix\scaching|apc|"
        # research systems that reuse or move KV caches (their papers' names)
        r"preble|kvflow|marconi|dualmap|hcache|impress|infinigen|kvlink|kvshare|memserve|"
        r"layerkv|kvdirect|cacheflow|mpic|vlcache|ttkv|epic\scach\w*|(?<!semantic\s)prompt\scache|"
        # KV reuse across requests, documents and agents (arXiv 2409.15355, 2411.02820,
        # 2502.15734, 2510.12872; ContextPilot's README)
        r"block-attention|droidspeak|cache-?craft|kvcomm|contextpilot|"
        # hierarchical context caching (Strata, arXiv 2508.18572)
        r"strata(?:-kv)?|"
        # vendors' KV-cache products
        r"memoryalloy|memkv|undivided\sattention|vua|fusionx|xdp|key\svalue\saccelerator|emfasys|"
        r"kv\scache\s(?:tier|offload\w*|server|store|pool|connector|manager|layer)",
        (
            "LMCache",
            "Mooncake",
            "RadixAttention",
            "Dynamo KV",
            "llm-d",
            "UCM",
            "HiCache",
            "Preble",
            "KVFlow",
        ),
        ("moon cake", "preamble"),
    ),
    Row(
        "storage_cue",
        "cue",
        rf"offload\w*|tier|nvme|ssd|{_FLASH}|storage|dram|cxl|host\smemory|cpu\smemory|kv\scache\s(?:load|reuse)|"
        r"prefix\scach\w*|prompt\scach\w*|cache\shits?|recomput\w*|reus\w*",
        ("offloading", "NVMe", "host memory", "prefix caching", "reuse", "flash tier"),
        ("stories", "Gemini 2.0 Flash", "DeepSeek-V4-Flash"),
    ),
    # ---- times and token counts ----------------------------------------------------------
    Row(
        "duration",
        "field",
        _num()
        + r"\s?-?\s?(ms|msec|milliseconds?|[µμ]s|us|microseconds?|s|secs?|seconds?|mins?|minutes?|hours?|hrs?|h)\b",
        ("57 seconds", "300ms", "2 minutes", "19-second"),
        ("57 sessions",),
        words=False,
    ),
    Row(
        "time_link",
        "field",
        r"\s?(?:→|->|=>|⇒|⟶|\b(?:to|down\sto|into|versus|vs|instead\sof(?:\san?)?|compared\swith|compared\sto|against)\b\.?)\s?",
        (" to ", " vs. ", " → ", " instead of a "),
        (" and ", " 24 tokens (", " total "),
        words=False,
    ),
    Row(
        "not_a_time",
        "field",
        r"(?:after|every|within|idle\sfor|inactive\sfor|ttl\sof|expires?\s(?:after|in)|lives?\sfor|for\sup\sto|"
        r"lasts?|retained\sfor|kept\sfor|persists?\sfor|persist\sfor|evicted\safter|ttl)\s(?:an?\s|up\sto\s)?(?:[\d.]+\s?[-–]\s?)?$",
        ("expires after ", "every ", "idle for "),
        ("in ",),
        words=False,
    ),
    Row(
        "not_a_time_after",
        "field",
        r"[-\s]?(?:pauses?|breaks?|ttl|time[-\s]to[-\s]live|idle|timeouts?|windows?|lifetimes?|of\sinactivity|intervals?|cool-?downs?|video|audio|clip|recording|"
        r"p\d\d(?:\.\d)?|per\s(?:output\s)?(?:token|tok)|/\s?(?:token|tok)s?)\b",
        (" pause", " TTL", " time-to-live", " of inactivity", " p95", " per token", "/tok"),
        (" faster",),
        words=False,
    ),
    Row(
        "tokens",
        "field",
        _num() + r"\s?(k|m|thousand|million)?\+?\s?-?\s?(?:tokens?|toks?)\b",
        ("112K-token", "128,000 tokens", "1M tokens"),
        ("tokenizer",),
        words=False,
    ),
    Row(
        "tokens_context",
        "field",
        _num()
        + r"\s?(k|m)\b\+?(?:[-\s](?:token\s|length\s)?(?:context|ctx|prompts?|prefix(?:es)?|input|sequences?|documents?|"
        r"conversations?|chats?|transcripts?|windows?))?",
        ("128K context", "64k prompt", "32K", "128K-length context"),
        ("128 kB",),
        words=False,
    ),
    Row(
        "tokens_word",
        "field",
        r"\b(?:a|one)\s(million|thousand)[-\s](?:tokens?|token)\b",
        ("a million-token", "one thousand tokens"),
        ("a million users",),
        words=False,
    ),
    Row(
        "rate_after",
        "field",
        r"\s?(?:/\s?s(?:ec)?\b|per\s(?:second|sec|s|minute|min)\b|/\s?(?:gpu|user)\b)",
        ("/s", " per second", "/sec"),
        (" prompt",),
        words=False,
    ),
    Row(
        "output_tokens",
        "field",
        r"\b(?:output|generated|generating|generates?|generation|answer|answers|response|completion|new|"
        r"per\s(?:second|minute|request|user|million|1m)|/s)\b",
        ("output", "generated", "per second"),
        ("input",),
        words=False,
    ),
    Row(
        "hobbit",
        "field",
        r"\b(?:the\s)?hobbit\b",
        ("The Hobbit",),
        ("hobbits' homes",),
        words=False,
    ),
    # ---- setup ---------------------------------------------------------------------------
    Row(
        "params",
        "field",
        _num()
        + r"\s?-?\s?(b|billion|t|trillion)\b(?:[-\s]?(?:param(?:eter)?s?|class)\b|\s(?:model|dense|moe|llm|total)\b|\))?",
        ("70B-parameter", "70-billion-parameter", "a 405B model"),
        ("70 bits",),
        words=False,
    ),
    Row(
        "watts",
        "field",
        _num() + r"\s?-?\s?(?:w|watts?)\b",
        ("350 W", "600-watt", "350W"),
        ("350 Wh",),
        words=False,
    ),
    Row(
        "power_low",
        "field",
        r"low[-\s]power(?:\smode)?|max-?q|power[-\s](?:efficient|saving|saver)(?:\smode)?|eco(?:nomy)?\smode|"
        r"reduced\spower|clocks?\s(?:locked|capped|pinned)\slow|(?:locked|lowered|reduced)\sclocks?",
        ("low-power mode", "Max-Q", "reduced clocks"),
        ("high power",),
    ),
    Row(
        "power_cap",
        "field",
        r"\b(?:power[-\s]?capp(?:ed|ing)|power[-\s]?cap|power[-\s]?limit(?:ed)?|capped|limited\sto|tdp|cap)\b|"
        r"-pl\b|"
        # "H100s running at 350W": a stated draw is a setting (the rules compare it to the default)
        r"\b(?:running|runs|run|operating|operated|set|configured)\s(?:at|to)(?=\s\d[\d,.]*\s?(?:w|watts?)\b)",
        ("power-capped", "TDP", "running at 350W"),
        ("capital",),
        words=False,
    ),
    Row(
        "words",
        "field",
        r"[A-Za-z][\w'-]*|\d[\d.,]*[%x×]?",
        ("faster",),
        ("—",),
        words=False,
    ),
)

_QUALIFIER_ROWS = tuple(
    Row(f"qualifier_{i}", "qualifier", source, (name,))
    for i, (name, source) in enumerate(QUALIFIERS)
)
_TIER_ROWS = tuple(Row(f"tier_{kind}", "tier", source, ()) for kind, source in TIERS)
_CUE_ROWS = (
    Row(
        "cue_queueing",
        "claim_cue",
        r"production\s(?:concurrency|load|traffic)|under\s(?:heavy\s)?load|p(?:90|95|99|99\.9)\b|"
        r"tail\slatency|\d+\sconcurrent\s(?:users|requests|sessions|streams)|at\s(?:high\s)?concurrency|"
        r"queue(?:ing|d)?|peak\straffic|busy\scluster|saturated",
        ("under load", "P99", "64 concurrent users"),
        ("unloaded",),
    ),
    Row(
        "cue_cross_user",
        "claim_cue",
        r"across\s(?:all\s)?(?:users|tenants|customers|accounts|organi[sz]ations)|"
        r"between\s(?:different\s)?(?:users|tenants|customers)|(?:users|tenants|customers)\sshare|"
        r"shared\s(?:across|between|among)\s(?:users|tenants|customers)|every\sother\s(?:user|customer|tenant)|"
        r"other\s(?:users|customers|tenants)|different\s(?:users|customers|tenants)|multi-tenant\skv|"
        r"cross-(?:user|tenant|customer)|one\suser's\s\w+\s\w+\saccelerates|everyone\selse|global\skv\spool|"
        r"another\s(?:user|customer|tenant)|each\sother's|(?:org|organi[sz]ation|company|customer|tenant)-wide|"
        r"every\sother\s\w+'s|colleagues",
        ("across users", "cross-tenant", "another customer"),
        ("across layers",),
    ),
    Row(
        "cue_similar_prompts",
        "claim_cue",
        r"semantic(?:ally)?\s(?:similar|kv|cache|caching|reuse|match\w*)|similar\s(?:prompts|questions|queries|requests)|"
        r"paraphras\w*|related\s(?:prompts|queries|questions|requests)|near[-\s]identical|fuzzy|"
        r"approximate\s(?:prefix|match\w*|reuse)|close[-\s]enough|reworded|rephrased|embedding[-\s]similar\w*|"
        r"similarity\s(?:search|lookup|match\w*)",
        ("semantically similar", "paraphrased", "fuzzy"),
        ("similarly",),
    ),
)

ROWS: tuple[Row, ...] = (*_ROWS, *_QUALIFIER_ROWS, *_TIER_ROWS, *_CUE_ROWS)
"""The whole table."""

_HYPHENS = "\u2010\u2011"  # hyphen and non-breaking hyphen, as typeset pages use them
_SOURCES: dict[str, str] = {
    row.name: row.regex.replace(r"[-\s]", r"[-\s" + _HYPHENS + "]") for row in ROWS
}
_SOURCES["tier_any"] = r"\b(?:" + "|".join(source for _, source in TIERS) + r")\b"
_SOURCES["exclude_topic"] = "|".join(_SOURCES[f"topic_{t}"] for t in TOPICS)
_SOURCES["cue_any"] = "|".join(
    _SOURCES[name]
    for name in (
        "cue_strong",
        "cue_weak",
        "kv_product",
        "tier_any",
        *tuple(f"metric_{m}" for m in METRICS),
    )
)


def pattern_names() -> tuple[str, ...]:
    """The names of every pattern ``pattern`` compiles."""
    return tuple(_SOURCES)


def source(name: str) -> str:
    """The regular expression of the pattern called ``name``, uncompiled."""
    return _SOURCES[name]


@cache
def pattern(name: str) -> re.Pattern[str]:
    """The compiled pattern called ``name`` (compiled on first use, then cached)."""
    return re.compile(factored(_SOURCES[name]), re.IGNORECASE)


@lru_cache(maxsize=4)
def lowered(text: str) -> str | None:
    """``text`` in lower case, when that keeps every character at its offset (``"İ"`` is two
    characters in lower case); remembered for the few texts being read."""
    low = text.lower()
    return low if len(low) == len(text) else None


def search(name: str, text: str, start: int, end: int) -> re.Match[str] | None:
    """The first match of the pattern called ``name`` in ``text[start:end]``, found in the
    lower-case text where the pattern allows (``lowered_pattern``): the same span, found in
    about half the time; its words in lower case."""
    compiled, searched = _searched(name, text)
    return compiled.search(searched, start, end)


def finditer(name: str, text: str, start: int, end: int) -> Iterator[re.Match[str]]:
    """Every match of the pattern called ``name`` in ``text[start:end]``, as ``search``
    finds the first."""
    compiled, searched = _searched(name, text)
    return compiled.finditer(searched, start, end)


def _searched(name: str, text: str) -> tuple[re.Pattern[str], str]:
    """The pattern called ``name`` and the text to search with it: the lower-case ones where
    the pattern spells no capital and lowering keeps offsets, else the case-blind pattern and
    ``text``."""
    low = lowered(text)
    compiled = lowered_pattern(name) if low is not None else None
    if compiled is not None and low is not None:
        return compiled, low
    return pattern(name), text


class Gate:
    """A quick test of whether ``text[start:end]`` holds any of some lower-case words (a
    regular expression with no capital letter of its own), made on the lower-case text where
    it keeps offsets, case-blind otherwise."""

    def __init__(self, regex: str) -> None:
        self.lower_case = re.compile(regex)
        self.case_blind = re.compile(regex, re.IGNORECASE)

    def found(self, text: str, start: int, end: int) -> bool:
        low = lowered(text)
        if low is not None:
            return self.lower_case.search(low, start, end) is not None
        return self.case_blind.search(text, start, end) is not None

    def names(self, words: str) -> bool:
        """Whether a few ``words`` (not a text being read) hold one, case-blind."""
        return self.case_blind.search(words) is not None


@cache
def lowered_pattern(name: str) -> re.Pattern[str] | None:
    """The pattern called ``name`` compiled to search lower-case text case-sensitively, about
    twice as fast as ``pattern`` on the same text; ``None`` for a pattern that spells a capital
    letter of its own."""
    spelled = re.sub(r"\\[A-Za-z]", "", _SOURCES[name])
    return None if re.search(r"[A-Z]", spelled) else re.compile(factored(_SOURCES[name]))
