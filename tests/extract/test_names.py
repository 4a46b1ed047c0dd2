"""Model and GPU names come from the run's catalog; nothing is hard-coded."""

from __future__ import annotations

from claimcheck.catalog import ModelSpec, builtin_catalog
from claimcheck.extract import extract_claims, named_setup
from claimcheck.extract.names import builtin_names, families, gpu_cores, names_of


def test_families_and_gpus_are_read_off_the_catalog() -> None:
    catalog = builtin_names()
    assert {"llama", "qwen", "deepseek", "gpt-oss", "mixtral"} <= set(families(catalog))
    cores, prefixes = gpu_cores(catalog)
    assert {"h100", "h200", "gh200", "b200", "mi300x", "l40s"} <= set(cores)
    assert {"dgx", "hgx"} <= set(prefixes)


def test_a_family_added_with_a_catalog_file_is_read_from_prose() -> None:
    base = builtin_catalog()
    falcon = ModelSpec.model_validate(
        {
            **base.model("llama-3.1-70b").model_dump(),  # type: ignore[union-attr]
            "id": "falcon-180b",
            "name": "Falcon 180B",
            "aliases": ["Falcon-180B-Chat"],
        }
    )
    catalog = base.merged(models=[falcon])
    text = "Falcon-180B-Chat sees 14x faster time to first token with KV offload."
    (claim,) = extract_claims(text, catalog=catalog)
    assert claim.values["model"] == "falcon-180b"
    (plain,) = extract_claims(text)
    assert "model" not in plain.values or plain.values["model"] != "falcon-180b"


def test_an_unknown_model_is_kept_as_written_by_its_shape() -> None:
    found = named_setup.models("Nemotron-4 340B on eight H100s", 0, 30)
    assert [(m.name, m.known, m.size_billions) for m in found] == [("Nemotron-4 340B", False, 340)]


def test_a_suffix_the_catalog_knows_joins_the_name() -> None:
    text = "Llama 4 Maverick on HGX B200"
    (model,) = named_setup.models(text, 0, len(text))
    assert model.name == "llama-4-maverick"
    (gpu,) = named_setup.gpus(text, 0, len(text))
    assert (gpu.gpu, gpu.count) == ("b200", 8)


def test_the_built_in_names_read_from_toml_are_the_catalogs() -> None:
    built_in, from_catalog = builtin_names(), names_of(builtin_catalog())
    assert (built_in.models, built_in.gpus) == (from_catalog.models, from_catalog.gpus)
