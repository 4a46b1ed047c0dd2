"""The words the extractor recognises, compiled once on first use.

Every pattern is linear: alternations of literals, bounded repetitions, and numbers that cannot
start inside another number (see ``numbers.NUM``).
"""

from __future__ import annotations

import re
from functools import cache

from claimcheck.extract.numbers import NUM, WORD_NUM

_I = re.IGNORECASE

MULT = r"(?:\s?[x×](?![^\W¹²³⁴⁵⁶⁷⁸⁹⁰])|[-\s]?fold\b|(?:\s+|-)times\b)"
"""What turns a number into a multiplier: ``27x``, ``27 ×``, ``27-fold``, ``27 times``."""

METRIC_WORDS: dict[str, str] = {
    "ttft": (
        r"ttft|time[-\s]to[-\s]first[-\s]tokens?|first[-\s]tokens?(?:\s(?:latency|time))?|"
        r"prefill(?:s|ed|ing)?|pre-fill|prefills"
    ),
    "throughput": (
        r"throughput|tokens?\s?(?:per|/)\s?(?:second|sec|s)\b|tok/s|tps|"
        r"requests?\s?(?:per|/)\s?(?:second|sec|s)\b|rps|qps|queries\sper\ssecond|"
        r"concurrent\s(?:users|sessions|requests|chats|conversations|streams)|users\sper|more\susers|"
        r"as\smany\s(?:requests|users)"
    ),
    "end_to_end": (
        r"end[-\s]to[-\s]end|e2e|total\s(?:response\s)?latency|response\s(?:latency|time)|"
        r"job\scompletion|completion\stime|task\s(?:latency|completion)|request\slatency|"
        r"jobs?\s(?:completed|finished|ran)"
    ),
    "decode": (
        r"decod(?:e|ing)|tbt|time\sbetween\stokens|inter[-\s]token\slatency|itl|"
        r"time\sper\soutput\stoken|tpot|token\sgeneration(?:\s(?:rate|speed|throughput))?|"
        r"generation\s(?:speed|rate)|output\stokens?\s?(?:per\ssecond|/s(?:ec)?)|streaming\soutput|"
        r"tokens?/s(?:ec)?\sper\sstream"
    ),
}

# Words that make a multiplier or percentage about something other than speed.
NOT_SPEED = (
    r"memory|capacity|storage|footprint|costs?|price[sd]?|bills?|spend\w*|budgets?|invoices?|"
    r"deploy\w*|onboard\w*|hit\s?rates?|integrat\w*|install\w*|migrat\w*|"
    r"pricing|compress(?:ion|ed|es)?|density|space|disk|bandwidth|efficien(?:cy|t)|revenue|"
    r"growth|utili[sz]ation|accuracy|savings?|energy|power|more\scontext|larger\scontext|"
    r"longer\scontext|context\swindows?|more\s(?:sessions|capacity|kv|data|models)|"
    r"sessions|margin|share|adoption|customers|arr|market|size|parameters|weights|"
    r"bookings|sales|orders|downloads|deployments|quarter|year[-\s]over[-\s]year|yoy|qoq|"
    r"less\s(?:memory|storage|space|hbm|vram)|fewer\sgpus|gpus?\sfewer|"
    r"(?:more|less)\s(?:\w+\s){0,2}?(?:cache|kv|context|sessions|capacity|memory|storage|bandwidth|hbm|data)|"
    r"(?:kv\s)?cache\s(?:size\s|footprint\s)?by|(?:kv\s)?cache\s(?:grows|grew|expands)|"
    r"extend\w*|expand\w*|compute|flops|random\s(?:reads?|writes?)|iops|gets|puts"
)

# Words that, just before a factor, make even "3x faster" about something else
# ("deployed 3x faster", "cut the GPU bill by 60%").
DENIED_BEFORE = (
    r"bills?|spend\w*|budgets?|invoices?|deploy\w*|onboard\w*|hit\s?rates?|integrat\w*|"
    r"install\w*|migrat\w*|costs?|pricing"
)

# Comparatives of size or price: about something other than speed when they follow the factor.
NOT_SPEED_AFTER = (
    r"smaller|larger|bigger|longer|cheaper|wider|denser|more\sexpensive|less\sexpensive"
)

SPEED = (
    r"faster|quicker|sooner|speedier|lower|shorter|less\slatency|better|reductions?|"
    r"decreases?|improvements?|improve[sd]?|speed[-\s]?ups?|gains?|boosts?|accelerat\w*|"
    r"higher|more|as\smany|drops?|dropped|fell|falls|cuts?|slashe[sd]|slower|beats?|beat|"
    r"increases?|increased|rose|rises|trims?|trimmed|advantage|lead|jump|↓|↑"
)

CUE_STRONG = (
    r"kv|key[-\s]value|kvcache|prefill\w*|pre-fill|ttft|time[-\s]to[-\s]first[-\s]token|"
    r"first[-\s]tokens?|recomput\w*|re-?prefill\w*|prefix(?:es)?\scach\w*|prompt\scach\w*|"
    r"context\scach\w*|cache[sd]?\s(?:hits?|prefix\w*|context|prompts?)|cached\s(?:prefix|context|prompt)\w*|"
    r"cache\shit"
)
CUE_WEAK = (
    r"context|prompts?|prefix(?:es)?|cache[sd]?|caching|offload\w*|reus\w*|restor\w*|reload\w*"
)

EXCLUDE_TOPIC = (
    r"speculative|draft\smodel|medusa|eagle|lookahead\sdecoding|quantiz\w*|quantis\w*|"
    r"int8|int4|fp8|fp4|nvfp4|mxfp4|awq|gptq|smoothquant|w8a8|w4a16|4-bit|8-bit|sparsity|"
    r"pruning|distill\w*|training|fine[-\s]?tun\w*|pre-?train\w*|flash-?attention\w*|"
    r"kernels?|fused|tokeni[sz]ers?|chunked\sprefill|tensor\sparallel\w*|pipeline\sparallel\w*|"
    r"continuous\sbatching|cuda\sgraphs?|torch\.compile|previous\sgeneration|prior\sgeneration|"
    r"last\sgeneration|gen-over-gen|no\s(?:kv\s)?caching|without\s(?:kv\s)?caching|weight\sloading|"
    r"model\sloading|checkpoint\w*|cold\sstarts?"
)
STORAGE_CUE = r"offload\w*|tier|nvme|ssd|flash|storage|dram|cxl|host\smemory|cpu\smemory|kv\scache\s(?:load|reuse)"

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

TIERS: tuple[tuple[str, str], ...] = (
    (
        "object",
        r"s3\b|object\s(?:storage|store|tier)|(?:azure\s)?blob(?:\s(?:storage|store))?|object-storage|gcs\b",
    ),
    (
        "network",
        (
            r"nvme[-\s]?o[-\s]?f|nvme[-\s]over[-\s](?:fabrics?|tcp|rdma)|rdma|nfs|network(?:ed)?\s(?:storage|file|kv|attached)|"
            r"networked|parallel\s(?:file\s?system|fs)|storage\scluster|remote\s(?:storage|kv|memory|tier)|"
            r"\d+\s?gbe|weka\w*|vast\sdata|file\s?system|"
            r"shared\sstorage|storage\sfabric|infiniband|roce|lustre|gpfs|distributed\s(?:storage|kv|cache)|"
            r"over\sthe\snetwork|cluster's\sflash|storage\sservers?|file\sserver"
        ),
    ),
    ("cxl", r"cxl"),
    (
        "nvme",
        r"nvme|ssds?|flash|local\s(?:drives?|disks?)|solid[-\s]state",
    ),
    (
        "dram",
        (
            r"dram|host\s(?:memory|ram|dram)|cpu\s(?:memory|ram|dram)|system\s(?:memory|ram)|"
            r"main\smemory|lpddr5x?|ddr5|ram\b|(?:host-)?pinned\smemory|host-memory"
        ),
    ),
)

CUES: tuple[tuple[str, str], ...] = (
    (
        "queueing",
        (
            r"production\s(?:concurrency|load|traffic)|under\s(?:heavy\s)?load|p(?:90|95|99|99\.9)\b|"
            r"tail\slatency|\d+\sconcurrent\s(?:users|requests|sessions|streams)|at\s(?:high\s)?concurrency|"
            r"queue(?:ing|d)?|peak\straffic|busy\scluster|saturated"
        ),
    ),
    (
        "cross_user",
        (
            r"across\s(?:all\s)?(?:users|tenants|customers|accounts|organi[sz]ations)|"
            r"between\s(?:different\s)?(?:users|tenants|customers)|(?:users|tenants|customers)\sshare|"
            r"shared\s(?:across|between|among)\s(?:users|tenants|customers)|every\sother\s(?:user|customer|tenant)|"
            r"other\s(?:users|customers|tenants)|different\s(?:users|customers|tenants)|multi-tenant\skv|"
            r"cross-(?:user|tenant|customer)|one\suser's\s\w+\s\w+\saccelerates|everyone\selse|global\skv\spool|"
            r"another\s(?:user|customer|tenant)|each\sother's|(?:org|organi[sz]ation|company|customer|tenant)-wide|"
            r"every\sother\s\w+'s|colleagues"
        ),
    ),
    (
        "similar_prompts",
        (
            r"semantic(?:ally)?\s(?:similar|kv|cache|caching|reuse|match\w*)|similar\s(?:prompts|questions|queries|requests)|"
            r"paraphras\w*|related\s(?:prompts|queries|questions|requests)|near[-\s]identical|fuzzy|"
            r"approximate\s(?:prefix|match\w*|reuse)|close[-\s]enough|reworded|rephrased|embedding[-\s]similar\w*|"
            r"similarity\s(?:search|lookup|match\w*)"
        ),
    ),
)

POWER_LOW = (
    r"low[-\s]power(?:\smode)?|max-?q|power[-\s](?:efficient|saving|saver)(?:\smode)?|eco(?:nomy)?\smode|"
    r"reduced\spower|clocks?\s(?:locked|capped|pinned)\slow|(?:locked|lowered|reduced)\sclocks?"
)


@cache
def pattern(name: str) -> re.Pattern[str]:
    """The compiled pattern called ``name`` (compiled on first use, then cached)."""
    return re.compile(_SOURCES[name], _I)


def _words(alternatives: str) -> str:
    return r"\b(?:" + alternatives + r")\b"


_SOURCES: dict[str, str] = {
    # multipliers: "27x", "2.5×", "27-fold", "27 times"
    "multiplier": "(" + NUM + ")" + MULT,
    "word_multiplier": r"\b(" + WORD_NUM + r")(?:[-\s]?fold\b|\s+times\b)",
    "fold_word": r"\b(two|three|four|five|six|seven|eight|nine|ten|twenty|hundred)fold\b",
    "factor_of": r"\bfactor\sof\s(" + NUM + ")",
    "magnitude": r"\b(an|one|two|three)\sorders?[-\s]of[-\s]magnitude\b",
    "fraction": (
        r"(?<![\w.])1\s?/\s?(\d+(?:\.\d+)?)(?:th|st|nd|rd)?\s(?:of|the)\b|"
        r"\b(?:one|a)[-\s](half|third|quarter|fourth|fifth|tenth|twentieth|fiftieth|hundredth)\s(?:of|the)\b"
    ),
    "doubling": r"\b(doubl(?:es?|ed|ing)|tripl(?:es?|ed|ing)|quadrupl(?:es?|ed|ing)|halv(?:es?|ed|ing)|cuts?\s\w+\sin\shalf|cut\sin\shalf)\b",
    # "4–20x", "3-10x", "2.5×–9×", "3 to 10 times"
    "range": "(" + NUM + r")\s?[x×]?\s?(?:–|—|-|to)\s?(" + NUM + ")" + MULT,
    "between": r"\bbetween\s(" + NUM + r")\s?[x×]?\sand\s(" + NUM + ")" + MULT,
    # "27x → 55x", "9x -> 17x", "from 12x to 30x"
    "arrow": "(" + NUM + r")\s?[x×]\s?(?:→|->|=>|⇒|⟶|to)\s?(" + NUM + r")\s?[x×](?![\w])",
    "percent": "("
    + NUM
    + r")(?:\s?(?:–|—|-|to)\s?("
    + NUM
    + r"))?\s?(?:%|\spercent\b|\sper\scent\b)",
    "minus_percent": r"(?<![\w])[-−–]\s?(" + NUM.replace("(?<![\\w.,$€£])", "") + r")\s?%",
    # times
    "duration": "("
    + NUM
    + r")\s?-?\s?(ms|msec|milliseconds?|µs|us|microseconds?|s|secs?|seconds?|mins?|minutes?|hours?|hrs?|h)\b",
    "time_link": r"\s?(?:→|->|=>|⇒|⟶|to|down\sto|into|versus|vs\.?|instead\sof|compared\swith|compared\sto|against)\s?",
    # tokens: "112K-token", "128,000 tokens", "1M tokens", "@64k", "a million-token context"
    "tokens": ("(" + NUM + r")\s?(k|m|thousand|million)?\+?\s?-?\s?(?:tokens?|toks?)\b"),
    "tokens_context": (
        "("
        + NUM
        + r")\s?(k|m)\b\+?(?:[-\s](?:token\s)?(?:context|ctx|prompts?|prefix(?:es)?|input|sequences?|documents?|"
        r"conversations?|chats?|transcripts?|windows?))?"
    ),
    "tokens_word": r"\b(?:a|one)\s(million|thousand)[-\s](?:tokens?|token)\b",
    "hobbit": r"\b(?:the\s)?hobbit\b",
    # setup
    "params": "("
    + NUM
    + r")\s?-?\s?(b|billion|t|trillion)\b(?:[-\s]?(?:param(?:eter)?s?|class)\b|\s(?:model|dense|moe|llm|total)\b|\))?",
    "watts": "(" + NUM + r")\s?-?\s?(?:w|watts?)\b",
    "power_low": _words(POWER_LOW),
    "power_cap": (
        r"\b(?:power[-\s]?capp(?:ed|ing)|power[-\s]?cap|power[-\s]?limit(?:ed)?|capped|limited\sto|tdp|cap)\b|"
        r"-pl\b|"
        # "H100s running at 350W": a stated draw is a setting (the rules compare it to the default)
        r"\b(?:running|runs|run|operating|operated|set|configured)\s(?:at|to)(?=\s\d[\d,.]*\s?(?:w|watts?)\b)"
    ),
    "model": (
        r"(?<![\w-])(?:meta[-\s])?(llama|mistral|mixtral|qwen|deepseek|gemma|gpt-oss|kimi|phi|falcon|yi|"
        r"nemotron|granite|jamba|dbrx|grok|glm|internlm|olmo|codellama|starcoder|command[-\s]r)"
        r"((?:[-\s.:]?(?:\d+(?:\.\d+)?(?:[bmk](?![a-z]))?|v\d+(?:\.\d+)?|r\d|k\d|a\d+b|\d+x\d+b|instruct|chat|it|hf|base|"
        r"scout|maverick|coder|math|vl|turbo|plus|nano|super|ultra|large|small|medium|distill))"
        r"{0,6})(?![\w])"
    ),
    "gpu": (
        r"(?<![\w-])(?:(?P<count>\d{1,4})\s?[x×]\s?|(?P<countword>"
        + WORD_NUM
        + r"|a\ssingle|single|an?|dual|quad)\s|"
        r"(?P<count2>\d{1,4})(?:\s|-gpu\s)|(?P<nodes>\w+)\s(?=(?:nvidia\s)?dgx))?"
        r"(?P<name>(?:nvidia\s|amd\s(?:instinct\s)?)?(?:(?:dgx|hgx)\s?)?(?:gb200(?:\snvl72)?|gb300|gh200|a100|h100|h200|h20|h800|b200|b300|"
        r"mi300x|mi325x|mi355x|l40s|l40|l4|a10g?|rtx\s?\d{4})"
        r"(?:[-\s](?:sxm[45]?|pcie|nvl(?:72)?|80\s?gb|94\s?gb|141\s?gb|hbm3e?|grace\shopper|superchip))*)"
        r"(?P<plural>s)?(?![\w])"
    ),
    # topics
    "metric_ttft": _words(METRIC_WORDS["ttft"]),
    "metric_throughput": _words(METRIC_WORDS["throughput"]),
    "metric_end_to_end": _words(METRIC_WORDS["end_to_end"]),
    "metric_decode": _words(METRIC_WORDS["decode"]),
    "not_speed": _words(NOT_SPEED),
    "not_speed_after": _words(NOT_SPEED + "|" + NOT_SPEED_AFTER),
    "denied_before": _words(DENIED_BEFORE),
    "speed": _words(SPEED),
    "cue_strong": _words(CUE_STRONG),
    "cue_weak": _words(CUE_WEAK),
    "exclude_topic": _words(EXCLUDE_TOPIC),
    "storage_cue": _words(STORAGE_CUE),
    "output_tokens": r"\b(?:output|generated|generating|generates?|generation|answer|answers|response|completion|new|per\s(?:second|minute|request|user|million|1m)|/s)\b",
    **{f"qualifier_{i}": _words(source) for i, (_, source) in enumerate(QUALIFIERS)},
    **{f"tier_{kind}": _words(source) for kind, source in TIERS},
    "tier_any": _words("|".join(source for _, source in TIERS)),
    **{f"cue_{name}": _words(source) for name, source in CUES},
    "words": r"[A-Za-z][\w'-]*|\d[\d.,]*[%x×]?",
}
