"""Loading the built-in catalog and merging user override files."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.catalog import builtin_catalog, load_catalog
from claimcheck.errors import UsageError

MY_GPU = """
[[gpus]]
id = "rtx-4090"
name = "NVIDIA GeForce RTX 4090"
aliases = ["RTX 4090", "4090"]
bf16_tflops = 165.2
fp8_tflops = 330.3
hbm_gb = 24
hbm_tb_s = 1.008
host_link = "PCIe Gen4 x16"
host_link_gb_s = 31.5
default_power_w = 450
source = "vendor datasheet"
"""

FASTER_NVME = """
[[tiers]]
id = "nvme-gen4"
name = "Our NVMe RAID"
kind = "nvme"
bandwidth_gb_s = 26.0
per_gpu = false
latency_ms = 0.5
default_for_kind = true
source = "our gdsio run"
"""


TINY_MODEL = """
[[models]]
id = "tiny"
name = "Tiny"
layers = 2
hidden = 64
query_heads = 4
kv_heads = 2
head_dim = 16
vocab_size = 1000
total_params_b = 0.001
active_params_b = 0.001
active_linear_params_b = 0.0001
max_context_tokens = 2048
source = "made up for a test"
"""


def test_override_model_is_usable(tmp_path: Path) -> None:
    model = load_catalog(_write(tmp_path, TINY_MODEL)).require_model("Tiny")
    assert (model.id, model.layers, model.full_layers) == ("tiny", 2, 2)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "catalog.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _bad(tmp_path: Path, text: str) -> UsageError:
    path = _write(tmp_path, text)
    with pytest.raises(UsageError) as caught:
        load_catalog(path)
    assert caught.value.path == str(path)
    return caught.value


def test_built_in_catalog_is_parsed_once() -> None:
    assert builtin_catalog() is builtin_catalog()
    assert load_catalog(None) is builtin_catalog()


def test_override_adds_a_new_entry(tmp_path: Path) -> None:
    catalog = load_catalog(_write(tmp_path, MY_GPU))
    gpu = catalog.require_gpu("RTX 4090")
    assert (gpu.id, gpu.bf16_tflops, gpu.fp8_tflops) == ("rtx-4090", 165.2, 330.3)
    assert len(catalog.gpus) == len(builtin_catalog().gpus) + 1
    assert catalog.require_gpu("H100").id == "h100-sxm"
    assert builtin_catalog().gpu("RTX 4090") is None


def test_override_replaces_an_entry_with_the_same_id(tmp_path: Path) -> None:
    catalog = load_catalog(_write(tmp_path, FASTER_NVME))
    tier = catalog.require_tier("nvme")
    assert (tier.id, tier.bandwidth_gb_s, tier.per_gpu, tier.latency_ms) == (
        "nvme-gen4",
        26.0,
        False,
        0.5,
    )
    assert len(catalog.tiers) == len(builtin_catalog().tiers)
    # the replacement's aliases are its own: the built-in "SSD" alias went with the old entry
    assert catalog.tier("SSD") is None


def test_override_alias_takes_a_name_over_but_ids_stay_put(tmp_path: Path) -> None:
    text = MY_GPU.replace('["RTX 4090", "4090"]', '["RTX 4090", "H100", "a100-sxm"]')
    catalog = load_catalog(_write(tmp_path, text))
    assert catalog.require_gpu("H100").id == "rtx-4090"
    assert catalog.require_gpu("a100-sxm").id == "a100-sxm"


def test_unknown_field_names_the_entry_and_suggests(tmp_path: Path) -> None:
    error = _bad(tmp_path, MY_GPU.replace("bf16_tflops", "bf16_tflop"))
    assert error.message == (
        "gpus entry 'rtx-4090': unknown field 'bf16_tflop' (did you mean 'bf16_tflops' or"
        " 'bf16_mamf_tflops' or 'fp8_tflops'?); missing field 'bf16_tflops'"
    )


def test_negative_bandwidth_is_rejected(tmp_path: Path) -> None:
    error = _bad(tmp_path, FASTER_NVME.replace("26.0", "-26.0"))
    assert (
        "tiers entry 'nvme-gen4': field 'bandwidth_gb_s': expected at least 0.001, got -26.0"
        in error.message
    )


def test_zero_layers_is_rejected(tmp_path: Path) -> None:
    error = _bad(tmp_path, TINY_MODEL.replace("layers = 2", "layers = 0"))
    assert error.message == "models entry 'tiny': field 'layers': expected above 0, got 0"


def test_missing_fields_are_listed_together(tmp_path: Path) -> None:
    error = _bad(tmp_path, '[[models]]\nid = "tiny"\nname = "Tiny"\nlayers = 0\nsource = "x"\n')
    assert error.message.startswith(
        "models entry 'tiny': field 'layers': expected above 0, got 0; "
        "missing fields 'hidden', 'query_heads', "
    )


def test_nan_is_rejected(tmp_path: Path) -> None:
    error = _bad(tmp_path, MY_GPU.replace("hbm_tb_s = 1.008", "hbm_tb_s = nan"))
    assert "field 'hbm_tb_s': expected a finite number, got nan" in error.message


def test_cross_field_errors_name_the_entry(tmp_path: Path) -> None:
    error = _bad(tmp_path, MY_GPU + "min_power_w = 500\n")
    assert error.message == "gpus entry 'rtx-4090': min_power_w exceeds default_power_w"


def test_entry_without_id_is_named_by_position(tmp_path: Path) -> None:
    error = _bad(tmp_path, MY_GPU + MY_GPU.replace('id = "rtx-4090"\n', ""))
    assert error.message == "gpus entry #2: missing field 'id'"


def test_toml_syntax_error_carries_line_and_column(tmp_path: Path) -> None:
    error = _bad(tmp_path, '[[gpus]]\nid = "x"\nname "no equals"\n')
    assert error.message.startswith("TOML syntax error: ")
    assert "(at line" not in error.message
    assert (error.line, error.column) == (3, 6)
    assert error.location == f"{error.path}:3:6"


def test_unknown_table_suggests_the_right_one(tmp_path: Path) -> None:
    error = _bad(tmp_path, MY_GPU.replace("[[gpus]]", "[[gpu]]"))
    assert error.message == "unknown table [[gpu]] (did you mean 'gpus'?)"


def test_a_table_instead_of_an_array_of_tables_is_rejected(tmp_path: Path) -> None:
    error = _bad(tmp_path, MY_GPU.replace("[[gpus]]", "[gpus]"))
    assert error.message == "'gpus' must be an array of tables ([[gpus]])"


def test_duplicate_ids_in_one_file_are_rejected(tmp_path: Path) -> None:
    error = _bad(tmp_path, MY_GPU + MY_GPU)
    assert error.message == "gpus entry 'rtx-4090': duplicate id"


def test_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    with pytest.raises(UsageError, match="cannot read catalog file") as caught:
        load_catalog(missing)
    assert caught.value.path == str(missing)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ('hbm_gb = "a"', "field 'hbm_gb': expected a number, got 'a'"),
        ('aliases = "x"', "field 'aliases': expected a list, got 'x'"),
        ('family = "hoper"', "(did you mean 'hopper'?)"),
    ],
)
def test_bad_values_are_named_in_our_words(tmp_path: Path, value: str, expected: str) -> None:
    # Not pydantic's "Input should be a valid number, unable to parse string as a number".
    path = tmp_path / "gpus.toml"
    path.write_text(f'[[gpus]]\nid = "x"\nname = "X"\nsource = "s"\n{value}\n', "utf-8")
    with pytest.raises(UsageError) as raised:
        load_catalog(path)
    assert expected in str(raised.value)
    assert "Input should" not in str(raised.value)
