"""Chinese, Japanese and Korean claims (and a few words of German, French, Spanish, Portuguese,
Italian, Russian and Vietnamese) read in the extractor's English terms.

The extractor's lexicon is English and reads words between word boundaries, which CJK text
does not have: in "LLM推論TTFTを3.5倍高速化" neither "TTFT" nor "3.5" stands apart. Before
a text with CJK characters is read, each term below is replaced by its English reading and a
space is set between CJK characters and Latin letters or digits, with a map back to the
source as every other rewrite keeps. So "TTFTを平均3.5倍高速化" reads as "TTFT を average
3.5x faster" and the English evidence decides, as docs/extractor.md describes. A text with a
letter or one of the commonest words of German, French, Spanish, Portuguese or Italian, or
a Cyrillic letter (``foreign``), has their few terms read the same way, as whole words in any
case.

The terms are those of real vendor and paper pages in these languages, for example
Anthropic's prompt-caching guide in Japanese and Korean
(https://introl.com/ja/blog/prompt-caching-infrastructure-llm-cost-latency-reduction-guide-2025,
https://introl.com/ko/blog/prompt-caching-infrastructure-llm-cost-latency-reduction-guide-2025),
a Japanese review of Prompt Cache (https://0h-n0.github.io/posts/paper-2311-04934) and
Chinese storage news (https://chinaflashmarket.com/newsflash/37072).
"""

from __future__ import annotations

import re
from functools import cache

CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff01-\uff0f\uff1a]")
"""A character of Chinese, Japanese or Korean text (or its full-width punctuation)."""

_EUROPEAN_LETTER = re.compile(
    r"[àâäçéèêëîïôöûùüÿñãõáíóúßÀÂÄÇÉÈÊËÎÏÔÖÛÙÜÑÃÕÁÍÓÚ\u0400-\u04ff\u0102\u0103\u0110\u0111\u01a0\u01a1\u01af\u01b0\u1ea0-\u1ef9]"
)
_EUROPEAN_WORD = re.compile(r" (?:d(?:ie|er|as|es|os|ella)|und|zum|bis|les|est|l[ao]s|uma) ")
"""Words common in German, French, Spanish, Portuguese and Italian and rare in English, as
they stand inside a sentence: a text holding one may hold a glossary term though all its
letters are ASCII. The search is case-sensitive and needs a space each side, which costs
far less than a case-blind search for whole words (bench/README.md, "Glossary of
five languages")."""


def foreign(text: str) -> bool:
    """Whether ``text`` may hold a term of the glossary: a CJK character, a letter of
    German, French, Spanish, Portuguese or Italian, a Cyrillic letter, or one of the
    commonest words of those five languages."""
    if not text.isascii() and (
        CJK.search(text) is not None or _EUROPEAN_LETTER.search(text) is not None
    ):
        return True
    return _EUROPEAN_WORD.search(text) is not None


def in_english(text: str) -> str:
    """``text`` read through the glossary when it may hold a term of it (``foreign``), else
    ``text`` itself: a page title or heading in another language names its topic in English."""
    return english(text) if foreign(text) else text


_EUROPEAN: tuple[tuple[str, str], ...] = (
    (r"(?<=\d)\s?-?(?:mal|fois|veces|vezes|volte)", "x"),
    (r"et|und|[ye](?=\s)", "and"),  # "entre 3 y 4 veces" reads as a range
    (
        r"zeit\sbis\szum\sersten\stoken|temps\s(?:jusqu['’]au|avant\sle)\spremier\stoken|"
        r"tiempo\shasta\sel\sprimer\stoken|tempo\saté\so\sprimeiro\stoken|tempo\s(?:al|fino\sal)\sprimo\stoken",
        "time to first token",
    ),
    (
        r"latenz(?:en|zeit)?|latences?|latencias?|latências?|latenza|wartezeit(?:en)?|antwortzeit(?:en)?|"
        r"temps\sde\sréponse|tiempos?\sde\srespuesta|tempos?\sde\sresposta",
        "latency",
    ),
    (r"durchsatz|débit", "throughput"),
    # "I miglioramenti vanno da 8x per … GPU a 60x per … CPU": a range of improvements
    (r"vanno\sda|van\sdesde|vont\sde|variano\sda|reichen\svon", "range from"),
    (r"[aà](?=\s~?\d[\d.,]*\s?[x×])", "to"),
    (r"miglioramenti|mejoras|améliorations|melhorias|verbesserungen", "improvements"),
    (r"miglioramento|mejora|amélioration|melhoria|verbesserung", "improvement"),
    (r"kosten|coûts?|costos?|custos?|costi", "cost"),
    (r"ohne|sans|sin|sem|senza", "without"),
    (r"transferencia|transferência|transfert|übertragung", "transfer"),
    (r"um\sbis\szu|em\saté|de\sjusqu['’]à|en\shasta", "by up to"),
    (r"bis\szu|jusqu['’]à|hasta|até|fino\sa", "up to"),
    (r"d['’]environ|um\setwa|em\scerca\sde|de\saproximadamente", "by about"),
    (r"environ|etwa|cerca\sde|aproximadamente", "about"),
    (r"(?:de|em|um|en)(?=\s\d)", "by"),  # "réduit la latence de 80 %"
    (r"schneller|plus\srapides?|más\srápid[oa]s?|mais\srápid[oa]s?|più\sveloc[ei]", "faster"),
    # German puts the verb last ("um bis zu 85 % sinkt"), read as a cut after the figure
    (
        r"sinkt|sinken|senkt|senken|reduziert|reduzieren|verringert|verringern|verkürzt|verkürzen",
        "reduction",
    ),
    # "85 % de réduction de la latence": a reduction of the latency
    (
        r"(?:de\s)?(?:réduction|reducción|redução|reduções|riduzione|diminution|disminución|diminuição)"
        r"\s(?:de\sla|de\sl['’]|du|des|de|del|da|do|della)",
        "reduction of",
    ),
    (
        r"réduction|reducción|redução|reduções|riduzione|diminution|disminución|diminuição",
        "reduction",
    ),
    (r"réduire|diminuer|reducir|disminuir|reduzir|diminuir|ridurre", "reduce"),
    (r"réduit|diminue|reduz|diminui|riduce|disminuye", "reduces"),
    (r"zwischenspeicher(?:ung|n)?|caché", "cache"),
)
"""German, French, Spanish, Portuguese and Italian terms, as localised pages write
prompt-caching claims: "die Zeit bis zum ersten Token … um bis zu 85 % sinkt"
(https://ki.maroncloud.de/?p=177), "diminuer la latence d'environ 80%"
(https://www.journaldunet.com/intelligence-artificielle/1535373-comment-exploiter-le-prompt-caching-d-openai-pour-economiser-jusqu-a-50-de-cout-sur-l-api-developpeur),
"reduz a latência em até 80%" (https://www.datahackers.news/p/prompt-caching-como-reduzir-custos-em-ate-90-com-ia-guia-pratico-com-anthropic).
Each is read as a whole word, in any case."""

_RUSSIAN: tuple[tuple[str, str], ...] = (
    (r"(?<=\d)\s?-?(?:раза?|кратн\w*)", "x"),  # "до 10 раз", "в 3 раза", "5-кратное"
    (r"(?<=\d)\s?(?:миллисекунд\w*|мс)", "ms"),
    (r"(?<=\d)\s?(?:секунд\w*|сек)", "s"),
    (r"время\sдо\sпервого\sтокена", "time to first token"),
    (r"с(?=\s~?\d)", "from"),  # "с 10 до 2 секунд": from 10 to 2 seconds
    # "с кешем … около 21.7 секунд, без кеша - более 107 секунд": with and without the cache
    (r"(?<!\w)с(?=\s(?:кэш|кеш|KV|kv))", "with"),
    (r"время\sгенерации", "generation time"),
    (r"(?<!\w)(?:более|свыше)(?!\w)", "more than"),
    (r"(?<=\d\s)до|(?<=\d\sс\s)до|(?<=\d\sсек\s)до", "to"),
    (r"вплоть\sдо|до(?=\s~?\d)", "up to"),
    (r"на(?=\s(?:до\s)?~?\d)", "by"),  # "снижение на 85%"
    (r"быстрее", "faster"),
    (r"ускорени[еяю]", "speedup"),
    (r"ускор(?:я|и)\w*", "accelerates"),
    (r"(?:сниж|уменьш|сокращ)ени[еяю]", "reduction"),
    (r"(?:сниж|сниз|уменьш|сокращ|сократ)\w*", "reduces"),
    (r"задержк\w*|латентност\w*|время\sотклика", "latency"),
    (r"пропускн\w*\sспособност\w*", "throughput"),
    (r"производительност\w*", "performance"),
    (r"стоимост\w*|затрат\w*|расход\w*", "cost"),
    (r"памят\w*", "memory"),
    (r"кэш\w*|кеш\w*", "cache"),
    (r"(?:выгрузк|разгрузк)\w*", "offload"),
    (r"(?:повторн\w*\sиспользовани|переиспользовани)\w*", "reuse"),
    (r"промпт\w*", "prompt"),
    (r"префиксн\w*", "prefix"),
    (r"токен\w*", "tokens"),
    # other causes, so that a Russian look-alike is told apart as an English one is
    (r"загрузк\w*\sмодел\w*", "model loading"),
    (r"загрузк\w*\sвес\w*", "weight loading"),
    (r"холодн\w*\sстарт\w*", "cold start"),
    (r"вес(?:а|ов|ами|ам)?", "weights"),
    (r"модел\w*", "model"),
    (r"загрузк\w*", "loading"),
    (r"спекулятивн\w*\sдекодировани\w*", "speculative decoding"),
    (r"разреженн\w*\sвнимани\w*", "sparse attention"),
    (r"внимани\w*", "attention"),
    (r"декодировани\w*", "decoding"),
    (r"квантизаци\w*|квантовани\w*", "quantization"),
    (r"сжати\w*", "compression"),
    (r"маршрутизаци\w*", "routing"),
    (r"обучени\w*", "training"),
    (r"генераци\w*", "generation"),
    (r"запрос\w*", "requests"),
    (r"пользовател\w*", "users"),
    (r"примерно|около|порядка|приблизительно", "about"),
    (r"в\sсреднем", "average"),
    (r"по\sсравнению\sс|чем", "than"),
    (r"без", "without"),
    (r"и", "and"),
)
"""Russian terms, as Russian news and channels retell KV-cache claims: "уменьшая TTFT (время
до первого токена) вплоть до 10 раз" (https://t.me/s/ai_machinelearning_big_data), "снижении
… задержки на до 85%" (https://onff.ru/prompt-caching-api/amp)."""

_SIGNS: tuple[tuple[str, str], ...] = (
    (r"(?<=\d)\s?倍于", "x over"),  # "2-6 倍于其他引擎": 2-6 times over other engines
    # multipliers: 倍 (zh, ja) and 배 (ko) after a number are "times", but 배 not as the first
    # syllable of a Korean word: "Story 15.1 배포" (deploy), "16 배치" (batch), "A1 배칭"
    # (batching)
    (r"(?<=\d)\s?(?:倍|배(?![포치칭열터경송제정분달우속선관출수양당너]))", "x"),
    (r"(?<=\d)[~〜～](?=\d)|(?<=\d)\s?[到至]\s?(?=\d)", "-"),  # "80~85%", "3 到 10 倍": a range
    # times: 秒 (zh, ja) and 초 (ko) after a number are seconds, 毫秒 milliseconds
    (r"(?<=\d)\s?毫秒", "ms"),
    (r"(?<=\d)\s?[秒초]", "s"),
    (r"从(?=\s?\d)", "from"),  # "从 13 秒降低至 500 毫秒": from 13 s down to 500 ms
    # "TTFT 从 300ms 降至 50ms": a time that falls to a figure, as "from 300 ms down to 50 ms"
    (
        r"(?:降低|减少|減少|缩短|縮短|下降|降|减|減|缩|縮)[至到](?=\s?[\d.,]+\s?(?:m?s\b|秒|毫秒|分钟|分鐘|min))",
        "down to",
    ),
    (r"(?<=降低|减少|缩短|下降|減少|縮短)[至到]", "to"),
    # what the factor does
    # "캐시 히트 (40-50% 빠름)": Korean says "faster" with the noun of "fast", or "became fast"
    (r"高速化|加速|快|빠름|빨라(?:졌|지|집|져|짐)\w*|더\s?빠르\w*", "faster"),
    # "約2.65倍高速である" (about 2.65x faster); "高速なSSD" (a fast SSD) names no comparison
    (r"(?:(?<=[倍×xX$])|(?<=[倍×xX$]\s))高速", "faster"),
    # a figure right after "expected" is a hope: "선형 기대 16×" (a linear expectation of 16x)
    (r"(?:예상|기대|预期|預期|予想|見込み)(?=\s?[~≈]?\s?\d)", "expected"),
    # "理论上只有 13% 的加速空间" (in theory only 13% of room to speed up): a bound, not a run
    (r"理论上|理論上|理論的に|이론상|이론적으로", "theoretically"),
    (
        r"느리(?:다|지만|고|게)|느린|느림|느려(?:짐|졌\w*|져\w*|지\w*)|更慢|较慢|較慢|变慢|變慢|慢了|缓慢|緩慢|遅い|遅く",
        "slower",
    ),
    # "平均延迟暴涨 12 倍" (average latency soared 12 times): a rise, named before its figure
    (
        r"(?<!速度)(?:暴涨|暴漲|飙升|飆升|激增|猛增|上升|增加|增长|增長)了?(?=\s?(?:约|約|大约|大約)?\s?\d)",
        "increased",
    ),
    # "响应时间压缩至原来的三分之一": a time brought down to a third of what it was; "降低了三分之一"
    # (by a third) is a smaller cut and stays unread
    *(
        (rf"(?<=[至到])(?:原来的|原來的|原先的|原本的)?{numeral}分之一", f"a {share} of")
        for numeral, share in (("三", "third"), ("四", "quarter"), ("五", "fifth"), ("十", "tenth"))
    ),
    (r"(?:压缩|壓縮)(?=[至到]\s?(?:原|[三四五十]分之一))", "cut"),
    # "TTFT 从 … 111ms 线性增长至 … 853ms" (grows linearly from 111 ms to 853 ms)
    (r"(?<!速度)(?:暴涨|暴漲|飙升|飆升|激增|猛增|上升|增加|增长|增長)[至到]", "rose to"),
    # "TTFT p95는 163배 나빠집니다" (p95 TTFT becomes 163 times worse)
    (r"나빠(?:집니다|지며|지고|진다|졌다|져)|악화|悪化|恶化|惡化|变差|變差", "worse"),
    (r"提升|提高|向上|改善|개선|향상", "improvement"),
    (r"(?:读取|讀取|读写|讀寫|写入|寫入|传输|傳輸|転送|読み込み)(?:速度|速率)", "transfer speed"),
    (r"加速比|スピードアップ", "speedup"),
    # a Korean cut that goes on to another ("지연 시간을 80%까지 줄이고 비용을 …"): "and" ends it
    (r"(?:줄이|(?:절감|감소|단축)하)고(?!\w)", "reduction and"),
    (
        r"削減|减少|減少|降低|下降|短縮|缩短|縮短|감소|줄(?:입니다|여|이|일|였|인)|절감|단축|"
        r"降(?=\s?(?:了|约|約)?\s?[\d.,]+\s?%)",  # "（降 92%）", "最高可降约 48%": down 92 %
        "reduction",
    ),
    (r"降幅|降低幅度|下降幅度|減少幅度|减少幅度|降低率|削減率", "reduction"),  # "| 降幅 |": a drop
    (r"节省|節省|节约|節約|절약", "saves"),  # "节省 30-70% Prefill 延迟": saves that much
    # how it is qualified
    (r"最大|最高|高达|高達|최대", "up to"),
    (r"平均|평균", "average"),
    (r"大[约約]|大概|[约約]|약", "about"),
    # "동시 처리 시: 처리량 … (25배 증가)": requests served together, batching's gain
    (r"동시\s?처리|同時処理|并行处理|並行處理", "concurrent processing"),
    (r"同时|同時|同時に|동시에", "while"),  # "提升高达8倍同时显著降低成本": a cost cut beside
    (
        r"相比于?|相较于?|相較於?|相对(?:于|(?=\s?[A-Za-z]))|相對於|と?比較して|に比べて|比较|比較",
        "compared to",
    ),
    (r"ブロック化された|分块|分塊|블록드?", "blocked"),  # "ブロック化されたKVキャッシュ"
    # "Prefill 执行时间也能差 60 倍以上": a time that can differ that much, a spread
    (r"(?:也|还|還)?(?:能|可|可能|会|會)差(?=\s?\d)", "can vary by"),
    # Japanese "X比" after a name is "relative to X": "V0比で最大1.7倍", "DeepSeek 67B比で5.76倍"
    (
        r"(?:(?<=[A-Za-z0-9])|(?<=[A-Za-z0-9]\s))比(?=\s?(?:で|して|最大|約|平均|\d[\d.]*\s?(?:倍|%|x|×)))",
        "relative",
    ),
    (r"比|[较較](?=\s?[A-Za-z])", "than"),  # "较 TCP 分别约快 2.4x": faster than TCP
    # metrics
    (
        r"最初のトークン|首[个個]?\s?[Tt]oken(?:\s?(?:延迟|时延|時延))?|首字(?:延迟|时延|速度)|첫\s?토큰|"
        r"首令牌(?:时间|時間|延迟|延遲)?",
        "time to first token",
    ),
    (r"初回", "first run"),  # "初回14.2秒、以降は中央値0.63秒": the first run, then the rest
    (r"待ち時間|等待时间|等待時間|대기\s?시간", "wait time"),
    (r"応答時間|响应时间|響應時間", "response time"),
    # "响应速度提升 67%": replies 67 % faster, a speed's rise and not a time's cut
    (r"响应速度|響應速度|応答速度|응답\s?속도", "response speed"),
    # "| 耗时(s) | 较首次降幅 |": the time a run took, then how far it fell from the first run
    # (a stage's own time stays a time: "Prefill 耗时", "解码耗时", "零拷贝耗时", "プリフィルの所要時間")
    (
        r"(?<!启动)(?<![Pp]refill)(?<![Pp]refill\s)(?<![Dd]ecode)(?<![Dd]ecode\s)(?<!TTFT)(?<!TTFT\s)"
        r"(?<![Tt]oken)(?<![Tt]oken\s)(?<!预填充)(?<!解码)(?<!解碼)(?<!首字)(?<!传输)(?<!傳輸)(?<!拷贝)"
        r"(?<!阶段)(?<!階段)(?:总|總)?(?:耗时|耗時)|(?<!の)所要時間|소요\s?시간",
        "elapsed time",
    ),
    (r"耗时|耗時|所要時間", "time"),
    (r"时间|時間", "time"),  # "节省 90%+ 时间": saves 90 % of the time
    (r"速度|속도", "speed"),  # "| 방식 | 시간 (초) | 속도 |": method, time (s), speed
    (r"性能", "performance"),
    # "단대단 지연 평균 15.7% 감소" (end-to-end latency down 15.7 % on average)
    (r"단대단|종단\s?간|엔드\s?투\s?엔드", "end-to-end"),
    (r"レイテンシ|延迟|延遲|时延|時延|遅延|지연\s?시간|응답\s?시간", "latency"),
    (
        r"スループット|吞吐量|吞吐|처리량|每秒token处理量|每秒Token处理量|"
        r"每秒(?:处理|處理|生成|输出|輸出)?\s?[Tt]okens?\s?(?:数量|數量|数|數)",  # "TPS(每秒处理token数)"
        "throughput",
    ),
    (r"コスト|成本|费用|費用|비용|料金|요금", "cost"),
    (r"사용량|使用量|用量|使用率|사용률|占用|佔用", "usage"),
    (r"使用(?!量|率)", "using"),  # "比使用 KV 缓存的 AR 模型快": than AR models using KV cache
    (r"命中率|ヒット率|적중률", "hit rate"),
    # what a factor of is not a speed: memory, capacity, bandwidth, power
    # "内存访问延迟降低15-25%": the latency of a memory access, no inference speed
    (r"(?:内存|記憶體|メモリ)\s?(?:访问|訪問|アクセス)", "memory access"),
    (r"内存|記憶體|记忆体|显存|顯存|メモリ|메모리", "memory"),
    (r"容量|용량", "capacity"),
    (r"并发|並發|同時実行数?|동시성", "concurrency"),  # "| CPU KV Offloading | 并发 +10x |"
    (r"违规|違規|違反", "violations"),
    # other causes: quantisation, memory management
    (r"量化|量子化|양자화", "quantized"),
    # "블록드 KV 캐싱, 연속 배치 처리, 동적 SplitFuse, CUDA 커널": DeepSpeed-MII's techniques
    (
        r"연속\s?배치(?:\s?처리)?|连续批处理|連續批處理|連続バッチ(?:処理|ング)?",
        "continuous batching",
    ),
    (r"배칭|批处理|批處理|バッチ処理|バッチング", "batching"),
    (r"리트리버|检索器|檢索器|リトリーバー", "retriever"),  # "리트리버 캐시": a retriever's cache
    (r"커널|内核(?!文件|态|態|模块|旁路)|カーネル", "kernels"),  # not the OS kernel: 内核文件系统
    (r"权重|權重|가중치|重み", "weights"),
    # "解决…内存碎片化…，提升吞吐量 2.2-24 倍": PagedAttention's memory management
    (r"碎片化?|断片化|단편화", "fragmentation"),
    # "TTFT -92.6%，斜率下降 96.7%": the slope of TTFT against the prefix, not a speed
    (r"斜率|傾き|기울기", "slope"),
    # "| TTFT改善倍率 |": the factor of an improvement, a column of speedups
    (r"倍率|배율", "factor"),
    # "推理-事件偏差减少 55%", "SLO 违规率降低了 28.7%": a deviation, a rate of violations
    (r"偏差|偏離|误差|誤差|오차|편차", "deviation"),
    (r"(?:违规|違規|违约|違約|違反|위반)(?:率|율|률)", "violation rate"),
    # "通信延迟降低40%": DeepSeek's compute-communication overlap, a kernel-level cause
    (r"通信|通訊|통신", "communication"),
    # other causes paper digests name: "稀疏注意力" (sparse attention), "LLM调用" (LLM calls)
    (r"稀疏注意力?|スパース(?:・)?アテンション|희소\s?어텐션", "sparse attention"),
    # "实际吞吐不会正好提升 3.7 倍，因为还有草稿模型开销": a draft model's overhead
    (r"草稿模型|ドラフトモデル|드래프트\s?모델", "draft model"),
    (r"预填充|預填充|プリフィル|프리필", "prefill"),  # "加速预填充 2.79 倍": prefill, faster
    # Recomputing as the side a cache is set against: "相比全量重算，首字延迟降低 2.2x - 3.3x",
    # a table's cell ("| 多轮对话 | 每次重算 | 智能缓存 | 10-60x 加速 |"). Not "避免重复计算"
    # or "避免重算" (avoiding repeated work), which any memoising cache says.
    (
        r"(?:(?<=相比|相较|相較|对比)|(?<=相比于|相较于)|(?<=\|)|(?<=\|\s))"
        r"(?:每次|全量)?(?:重算|重新计算|重新計算)(?=\s?(?:\||，|,|$))",
        "recompute",
    ),
    (r"预算|預算|予算|예산", "budget"),  # "按层、按模态分配缓存预算": a KV budget, compression
    (r"能耗|能量|エネルギー|에너지", "energy"),  # "토큰당 에너지 60배 절감": energy per token
    # "将全部 256 专家流式搬上 NPU": MoE experts streamed in, a weight offload
    (r"专家|專家|エキスパート|전문가", "experts"),
    # "6.2배 빠른 모델 로드": weights loaded sooner (a serverless cold start), no cache reused
    (r"模型(?:加载|載入)|モデル(?:の)?(?:ロード|読み込み)|모델\s?로(?:드|딩)", "model loading"),
    (r"流式(?:加载|載入|搬)?|ストリーミング", "streaming"),
    # "임베딩 유사도": a semantic cache's embedding similarity
    (r"임베딩|嵌入向量|埋め込み", "embedding"),
    (r"유사도|相似度|類似度", "similarity"),
    (r"其[他它](?:推理)?引擎|他の(?:推論)?エンジン", "other engines"),
    (r"(?:完全|全)注意力|フル・?アテンション|풀\s?어텐션", "full attention"),
    (r"注意力|アテンション|어텐션", "attention"),
    (r"调用|調用|呼び出し|호출", "calls"),
    (r"训练|訓練|トレーニング", "training"),  # "训练吞吐提升最高4倍": training throughput
    (r"压缩|壓縮|圧縮|압축", "compression"),
    (r"全精度|フル精度", "full precision"),
    (r"低精度", "low precision"),
    (r"准确率|準確率|正确率|正確率|正解率|精度|정확도", "accuracy"),
    (r"管理", "management"),
    (r"大小|サイズ|크기", "size"),
    (r"上下文窗口|コンテキストウィンドウ|컨텍스트\s?윈도우", "context window"),
    (r"扩展|擴展|拡張|확장", "expansion"),
    (r"带宽|頻寬|帯域幅?|대역폭", "bandwidth"),
    (r"能效|电力|電力|消費電力|전력", "power"),
    # what a factor of is a cost of speed: an overhead, a transfer between machines
    (r"开销|開銷|オーバーヘッド|오버헤드", "overhead"),
    # "传输量↓ 50-80%" (the volume sent falls), a quantity and no speed
    (r"(?:传输|傳輸|転送|전송)(?:量|数据量|數據量|データ量|량)", "transfer volume"),
    (r"传输|傳輸|転送|전송", "transfer"),
    # "Prefill Token 数减少 42.9%": the number of tokens, a count and no speed
    (
        r"(?:(?<=[Tt]oken)|(?<=[Tt]oken\s)|(?<=[Tt]okens)|(?<=[Tt]okens\s))(?:数量|數量|数|數)",
        "count",
    ),
    (r"トークン数|토큰\s?수(?![가-힣])", "token count"),
    (r"解耦", "disaggregated"),
    # "LightX2V 分离部署：突破扩散模型推理的显存与吞吐瓶颈": a disaggregated deployment
    (r"分离(?:式)?部署|分離(?:式)?部署|分離構成", "disaggregated deployment"),
    # KV-cache wording
    (
        r"プロンプトキャッシ(?:ング|ュ)|프롬프트\s?캐싱|프롬프트\s?캐시|提示(?:词)?缓存",
        "prompt caching",
    ),
    (r"プレフィックスキャッシ(?:ング|ュ)|前缀缓存|접두사\s?캐싱", "prefix caching"),
    # "自动前缀共享（3-5倍加速）": prefix sharing, as English "prefix" names a reused prefix
    (r"前缀|前綴|プレフィックス|접두사|프리픽스", "prefix"),
    # "| 多轮对话（L2 缓存） | 10-60x | 内存缓存命中，极速响应 |": a hit of the cache
    (r"(?:缓存命中|快取命中|キャッシュヒット)(?!率)|캐시\s?(?:적중|히트)(?!률)", "cache hit"),
    # "冷启动约 3806 ms，命中回填后约 408 ms": a cold start, then the same prompt after a hit
    (r"(?:冷启动|冷啟動)(?=\s?(?:约|約|大约|大約)?\s?`?\s?\d)", "cold start"),
    (r"命中回填(?:后|後)", "after a cache hit"),  # not a bare 命中后: a web cache's hit too
    # "吞吐 +56%，Mean TTFT −36%，请求命中大约 4.4×": the requests' hits, a count
    # (not "命中收益", the hits' gain, nor "按前缀命中", hit by a prefix)
    (r"命中(?:次数|数)?(?=\s?(?:大约|约|大概|\d))", "hits"),
    (r"多轮对话|多輪對話|多轮会话|多輪會話|マルチターン|멀티\s?턴", "multi-turn conversation"),
    # "| 无Cache | 有Cache |": without and with a cache, and only before one (有 is "to have")
    # "不使用 KV cache 时": when not using the KV cache
    (
        r"(?:[无無]|没有|沒有|不使用|未使用|不用|不开启|不開啟|未开启|未開啟)(?=\s?(?:[Cc]ache|缓存|快取|KV|kv|前缀|提示))",
        "without",
    ),
    (r"有(?=\s?(?:[Cc]ache|缓存|快取|KV|kv|前缀|提示))", "with"),
    (r"キャッシング|キャッシュ|缓存|快取|캐싱|캐시", "cache"),
    # "vLLM 启动快 2.15×": the engine starts faster (its start-up, a load of weights and
    # state), not a prompt answered sooner; 冷启动 (a cold start) is a cold cache's side
    (r"(?<!冷)启动(?=\s?(?:快|时间|耗时|速度))|起動(?=\s?(?:時間|が速|が早))", "start-up"),
    # "消除 offload", "无需 offload": with nothing offloaded
    (r"(?:消除|去除|去掉|取消|无需|無需)(?=\s?[Oo]ffload)", "eliminating"),
    # "キャッシュ無効の64K: 31.7s → 22.7s": measured with the cache disabled
    (r"無効|禁用|停用|关闭|關閉|비활성화?", "disabled"),
    (r"启用|啟用|开启|開啟|활성화", "enabled"),  # "| 开启 Cache TTFT (ms) |": cache on
    (r"再利用|复用|復用|重用|재사용", "reuse"),
    (r"淘汰|驱逐|驅逐|逐出", "eviction"),
    # "节省 99.6% 的 prefill 计算量": an amount of computation
    (r"计算量|計算量|연산량", "compute"),
    # "88~94%의 prefill 계산 절감": prefill computation saved, or tokens computed, not time
    # (a computation's time stays a time, "Attention計算のオーバーヘッド" an attention's cost)
    (r"(?:计算|計算|계산)(?=\s?(?:절감|절약|토큰|节省|節約|削減|减少|減少|省))", "computation"),
    # "KV プールが 4.6〜10 倍になり": the pool of KV blocks grew, a capacity
    (r"プール", "pool"),
    (r"プロンプト|프롬프트|提示词", "prompt"),
    (r"トークン|토큰", "tokens"),
    # punctuation
    (r"。", "."),
    (r"[、，]", ","),
    # "コスト78.5%削減・TTFT…22.9%改善": a middle dot between two items of a list, each its own
    # phrase ("スパース・アテンション", one word, is read as its term first); not one right after a
    # figure, whose items share the head noun after them ("GPU 8倍・CPU 60倍のTTFT改善")
    (r"(?<![倍%％xX×\d])・", ","),
    (r"：", ":"),
    (r"；", ";"),
    (r"（", "("),
    (r"）", ")"),
)
"""Terms of Chinese, Japanese and Korean text. Each starts at a character outside ASCII or
right after a digit, which ``_terms`` relies on."""

_VIETNAMESE: tuple[tuple[str, str], ...] = (
    (r"(?<=\d)\s?lần", "x"),  # "gấp 10 đến 20 lần": 10 to 20 times
    (r"gấp(?=\s~?\d)", "by"),
    (r"lên\s(?:đến|tới)|tối\sđa", "up to"),
    (r"(?:(?<=\d\s)|(?<=\d[x×]\s))(?:đến|tới)(?=\s~?\d)", "to"),
    (r"từ(?=\s~?\d)", "from"),  # "từ 2x đến 4x": from 2x to 4x
    (r"nhanh\shơn", "faster"),
    (r"chậm\shơn", "slower"),
    (r"thông\slượng", "throughput"),
    (r"độ\strễ", "latency"),
    (r"thời\sgian\sphản\shồi", "response time"),
    (r"thời\sgian\s(?:đến|tới)\stoken\sđầu\stiên", "time to first token"),
    (r"so\svới", "compared to"),
    (r"tính\stoán\slại", "recompute"),
    (r"tái\ssử\sdụng", "reuse"),
    (r"bộ\snhớ\sđệm", "cache"),
    (r"bộ\snhớ", "memory"),  # "Bộ nhớ GPU tăng lên 2 lần": GPU memory grows twofold
    (r"kích\sthước", "size"),
    (r"dung\slượng", "capacity"),
    (r"người\sdùng", "users"),
    (r"số\slượng", "number of"),
    (r"chi\sphí", "cost"),
    (r"giảm", "reduces"),
    (r"tăng\stốc(?:\sđộ)?", "speedup"),  # "Tăng tốc độ từ 2x đến 4x": a speedup of 2 to 4 times
    (r"tăng(?:\slên)?", "increase"),
    (r"khoảng", "about"),
    (r"trung\sbình", "average"),
)
"""Vietnamese terms, as Vietnamese lectures and guides on prompt and KV caching write them:
"thông lượng … sẽ tăng lên gấp 10 đến 20 lần so với việc tính toán lại từ đầu" (throughput
rises 10 to 20 times over recomputing from scratch,
https://github.com/tuandung222/lmcache-architecture-lectures), "giảm đáng kể chi phí và thời
gian phản hồi" (https://200lab.io/blog/prompt-caching-la-gi)."""

_WORDS = (*_EUROPEAN, *_RUSSIAN, *_VIETNAMESE)
"""Terms of German, French, Spanish, Portuguese, Italian, Russian and Vietnamese, read as whole
words in any case. Each starts at a letter or right after a digit, which ``_terms`` relies on."""

_WHOLE_WORD = ("(?i:(?<![^\\W\\d_])", "(?![^\\W\\d_]))")

TERMS: tuple[tuple[str, str], ...] = (
    *_SIGNS,
    *((f"{_WHOLE_WORD[0]}(?:{source}){_WHOLE_WORD[1]}", reading) for source, reading in _WORDS),
)
"""Each term (a regular expression) and the English words it reads as, in the order they are
tried at one place of a text: the first that matches there is read."""


@cache
def _terms() -> re.Pattern[str]:
    """Every term of ``TERMS`` in one pattern, compiled when a text first needs it: an English
    text never does, and a one-liner would pay its compile (several milliseconds) for nothing.

    Each of the two kinds of term stands behind a test of the place it may start at (a
    character outside ASCII or one after a digit; a letter that starts a word, or one after a
    digit), and no term has a group of its own, so Python's engine tries the terms only where
    one may start and shares the first letters of the words. With a group for each term, every
    term was tried at every character: a 7 KB English page with one "ç" took 100-250 ms to read
    (bench/README.md, "Glossary terms tried only where one may start"). Which term a match is
    is found after it (``_reading``)."""
    signs = "|".join(f"(?:{source})" for source, _ in _SIGNS)
    words = "|".join(f"(?:{source})" for source, _ in _WORDS)
    return re.compile(
        rf"(?P<signs>(?:(?=[^\x00-\x7f])|(?<=\d))(?:{signs}))"
        rf"|{_WHOLE_WORD[0]}(?:(?=[^\W\d_])|(?<=\d))(?:{words}){_WHOLE_WORD[1]}"
    )


@cache
def _named(signs: bool) -> re.Pattern[str]:
    """The terms of one kind, each a group of its own, in the order of ``TERMS``."""
    kind = range(len(_SIGNS)) if signs else range(len(_SIGNS), len(TERMS))
    return re.compile("|".join(f"(?P<t{i}>{TERMS[i][0]})" for i in kind))


def _reading(match: re.Match[str]) -> str:
    """The English reading of the term ``match`` is: the first term of its kind that matches
    where it starts, as the joined pattern tries them in the order of ``TERMS``."""
    found = _named(match.lastgroup == "signs").match(match.string, match.start())
    assert found is not None and found.lastgroup is not None  # the joined pattern matched here
    return TERMS[int(found.lastgroup[1:])][1]


_PUNCTUATION = {
    "x": "x",
    "x over": "x over ",
    "-": "-",
    ".": ". ",
    ",": ", ",
    ":": ": ",
    ";": "; ",
    "(": " (",
    ")": ") ",
}
_CLOSING = ".,:;)!?。，、：；）"
"""Punctuation that English sets right after a word."""
_OPENED = "-（。，、：；）"
"""What a term after it needs no space from: a hyphen, or CJK punctuation, which the glossary
reads with the spaces English sets around it."""
_BOUNDARY = re.compile(
    rf"(?<={CJK.pattern})(?=[A-Za-z0-9%])|(?<=[A-Za-z0-9%])(?={CJK.pattern})|"
    # "减少TTFT2.2倍": a metric's acronym set right against its figure, as CJK text sets it
    r"(?<=TTFT|TPOT)(?=\d)|(?<=QPS|TPS|ITL)(?=\d)"
)


def glossed(text: str, where: list[int]) -> tuple[str, list[int]]:
    """``text`` with each CJK term in English and a space between CJK and Latin characters;
    ``where`` (the source offset of each character of ``text``, one more for the end) carried
    through."""
    kept: list[str] = []
    mapped: list[int] = []
    position = 0
    terms = _terms()
    for match in terms.finditer(text):
        _plain(text, position, match.start(), where, kept, mapped)
        spaced = _spaced(match)
        first, last = where[match.start()], where[max(match.end() - 1, match.start())]
        end = match.end()
        if end < len(text) and _meets(spaced[-1], text[end]) and not terms.match(text, end):
            spaced += " "  # "5倍の" reads "5x の", as the English text around it would
            last = where[match.end()]
        if spaced.startswith(" ") and _ends_in_space(kept):
            spaced = spaced[1:]  # "權重傳輸" reads "weights transfer", one space between
        kept.append(spaced)
        mapped.extend([first] * (len(spaced) - 1) + [last])
        position = match.end()
    _plain(text, position, len(text), where, kept, mapped)
    mapped.append(where[len(text)])
    return "".join(kept), mapped


def _ends_in_space(kept: list[str]) -> bool:
    """Whether the text ``kept`` so far ends in a space (its last pieces may be empty)."""
    last = next((piece for piece in reversed(kept) if piece), "")
    return last.endswith(" ")


def _plain(
    text: str, start: int, end: int, where: list[int], kept: list[str], mapped: list[int]
) -> None:
    """Copy ``text[start:end]``, with a space wherever CJK meets a Latin letter or digit."""
    for boundary in _BOUNDARY.finditer(text, start, end):
        at = boundary.start()
        if at == start and start > 0:
            continue  # after a term: decided by what the term reads as
        kept.append(text[start:at] + " ")
        mapped.extend(where[start:at])
        mapped.append(where[at])
        start = at
    kept.append(text[start:end])
    mapped.extend(where[start:end])


def english(text: str) -> str:
    """``glossed`` without the map: what a scan for candidates and cues needs."""
    return glossed(text, list(range(len(text) + 1)))[0]


def _spaced(match: re.Match[str]) -> str:
    """A term's English reading, set apart by spaces (punctuation as English spaces it), but
    by no second space where the text has one beside it already ("相比 HuggingFace" reads
    "compared to HuggingFace"), by none before it at the text's start (a block read alone
    reads as it does in its page, after a line end), after a hyphen ("KV-кэшей" reads
    "KV-cache") or after CJK punctuation ("延迟。下降" reads "latency. reduction"), and by
    none after it before punctuation English sets right after a word ("提升：3-5x" reads
    "improvement: 3-5x", which the comparison wording needs)."""
    reading = _reading(match)
    spaced = _PUNCTUATION.get(reading, f" {reading} ")
    text, start, end = match.string, match.start(), match.end()
    if start == 0 or text[start - 1].isspace() or text[start - 1] in _OPENED:
        spaced = spaced.lstrip(" ")
    if end < len(text) and (text[end].isspace() or text[end] in _CLOSING):
        spaced = spaced.rstrip(" ")
    return spaced or reading


def _meets(before: str, char: str) -> bool:
    """Whether CJK meets a Latin letter or digit between ``before`` and ``char``."""
    return _BOUNDARY.match(before + char, 1) is not None
