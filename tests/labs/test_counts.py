"""Each lab's byte and FLOP counts and its prediction, checked by hand arithmetic: a lab that
counts wrong predicts wrong, and its measured-against-predicted table would mislead."""

from __future__ import annotations

import pytest

import all_reduce
import bank_conflicts
import coalescing
import decode_attention
import divergence
import fusion
import host_device
import latency_hiding
import launch_overhead
import matmul_ceilings
import memory_bandwidth
import roofline


def test_copy_counts_bytes_read_and_written():
    assert memory_bandwidth.copy_bytes(2**30) == 2**31
    sizes = memory_bandwidth.sweep_sizes(quick=False)
    assert sizes[0] == 2 * 2**20 and sizes[-1] == 3 * 2**30 and sizes == sorted(sizes)
    assert memory_bandwidth.sweep_reps(2 * 2**20) == 2048 and memory_bandwidth.sweep_reps(4 * 2**30) == 1


def test_two_level_model_steps_at_the_l2():
    l2 = 60 * 2**20
    assert memory_bandwidth.two_level_gbs(16 * 2**20, l2, 7000.0, 4200.0) == 7000.0
    assert memory_bandwidth.two_level_gbs(96 * 2**20, l2, 7000.0, 4200.0) == 4200.0


def test_coalescing_charges_what_dram_moves():
    assert coalescing.dram_bytes(100, 1) == 800  # 4 read + 4 written per value
    assert coalescing.dram_bytes(100, 8) == 100 * 32 + 400  # one 32-byte sector per value
    assert coalescing.dram_bytes(100, 16) == 100 * 64 + 400  # DRAM fetches 64 bytes around a lone value
    assert coalescing.dram_bytes(100, 64) == coalescing.dram_bytes(100, 16)
    assert coalescing.predicted_gbs(1, 4200) == pytest.approx(4200)
    assert coalescing.predicted_gbs(32, 4200) == pytest.approx(4200 * 8 / 68)


def test_coalescing_load_widths_by_littles_law():
    # 132 SMs x 2,048 threads x 4 B in flight over 400 ns: 2,703 GB/s, under a 4,200 GB/s copy
    assert coalescing.littles_law_gbs(4, 132, 400.0, 4200.0) == pytest.approx(132 * 2048 * 4 / 400)
    assert coalescing.littles_law_gbs(16, 132, 400.0, 4200.0) == 4200.0


def test_roofline_intensities_and_roof():
    assert roofline.fma_intensity(4) == 1.0
    assert roofline.product_intensity(1) == pytest.approx(2 * 8192**2 / ((2 * 8192 + 8192**2) * 2))
    assert roofline.product_intensity(8192) == pytest.approx(8192 / 3)
    assert roofline.roof_tflops(1.0, 67, 4800) == pytest.approx(4.8)
    assert roofline.roof_tflops(64, 67, 4800) == 67
    assert roofline.fp32_rate(132, 1980) == pytest.approx(66.9, abs=0.05)


def test_fma_chain_closed_form_matches_the_loop():
    torch = pytest.importorskip("torch")
    x = torch.randn(16, dtype=torch.float64)
    looped = x.clone()
    for _ in range(7):
        looped = looped * 0.9 + 0.2
    assert torch.allclose(roofline.chain_reference(x, 0.9, 0.2, 7), looped)


def test_matmul_flops_and_shapes():
    assert matmul_ceilings.flops(2, 3, 4) == 48
    assert all(max(s) <= 16384 for s in matmul_ceilings.shapes_for("fp32", quick=False))
    assert len(matmul_ceilings.shapes_for("bf16", quick=False)) == 7
    assert matmul_ceilings.unit_for("int8") == "TOPS" and matmul_ceilings.unit_for("bf16") == "TFLOPS"


def test_fusion_predicts_four_times_fewer_bytes():
    assert fusion.arrays_moved(fusion.EAGER_OPS) == 12 and fusion.arrays_moved(fusion.FUSED_OPS) == 3
    assert fusion.predicted_ms(fusion.FUSED_OPS, 10**9, 4000) == pytest.approx(3.0)


def test_launch_overhead_bytes_are_nothing_beside_its_fixed_cost():
    assert launch_overhead.kernel_bytes() == 8192  # 1.7 ns at 4.8 TB/s, against microseconds of launch


def test_matmul_peak_scaled_by_the_clock_it_ran_at():
    import harness

    hot = harness.Value(800.0, 790.0, 810.0, 10, {"sm_mhz": [1700, 1800], "power_w": 700.0, "reasons": ["sw_power_cap"]})
    assert matmul_ceilings.clock_scaled(989.0, hot, 1980.0) == pytest.approx(989 * 1750 / 1980)
    assert matmul_ceilings.clock_scaled(989.0, harness.Value(1.0, 1.0, 1.0, 1), 1980.0) == 989.0  # no telemetry


def test_pcie_link_bandwidth_per_direction():
    assert host_device.link_gbs(5, 16) == pytest.approx(63.015, abs=0.01)
    assert host_device.link_gbs(4, 16) == pytest.approx(31.5, abs=0.01)
    assert host_device.link_gbs(2, 16) == pytest.approx(8.0)


def test_host_copies_fixed_cost_plus_link_plus_staging():
    # 1 GiB at 63 GB/s after 10 µs, and through a 10 GB/s staging copy
    size = 2**30
    pinned = host_device.model_gbs(size, 0.01, 63.0, None)
    assert pinned == pytest.approx(size / (0.01e-3 + size / 63e9) / 1e9)
    assert host_device.model_gbs(size, 0.01, 63.0, 10.0) == pytest.approx(size / (0.01e-3 + size / 63e9 + size / 10e9) / 1e9)
    assert host_device.copies_per_sample(4096) == 65536 and host_device.copies_per_sample(2**30) == 1


def test_littles_law():
    assert latency_hiding.littles_law_gbs(700_000, 700, 4800) == pytest.approx(1000)
    assert latency_hiding.littles_law_gbs(10**8, 700, 4800) == 4800
    assert latency_hiding.in_flight_bytes(2) == 4096
    counts = latency_hiding.block_counts(132, quick=False)
    assert counts[0] == 1 and counts[-1] == 132 * 16 and counts == sorted(counts)


def test_bank_conflicts_of_a_tile_column():
    assert bank_conflicts.conflict_ways(0) == 32
    assert bank_conflicts.conflict_ways(1) == 1
    assert bank_conflicts.transpose_bytes(1024) == 8 * 2**20


def test_bank_conflict_model_by_hand():
    n = 16384
    assert bank_conflicts.wavefronts(n, 0) == n * n // 32 * 33 and bank_conflicts.wavefronts(n, 1) == n * n // 32 * 2
    dram = 2 * n * n * 4 / 4200e9 * 1e3
    assert bank_conflicts.predicted_ms("copy", n, 4200.0, 290.0, 132, 1980.0) == pytest.approx(dram)
    shared = n * n // 32 * 33 / (132 * 1980e6) * 1e3
    assert bank_conflicts.predicted_ms("tiled", n, 4200.0, 290.0, 132, 1980.0) == pytest.approx(max(dram, shared))
    assert bank_conflicts.predicted_ms("naive", n, 4200.0, 290.0, 132, 1980.0) == pytest.approx(2 * n * n * 4 / 290e9 * 1e3)


def test_divergence_source_has_a_distinct_loop_per_path():
    src = divergence.source(steps=16)
    assert src.count("case ") == 64 and "(i / 32) % paths" in src and "(i % 32) % paths" in src
    assert len({divergence.constants(p) for p in range(32)}) == 32
    assert divergence.predicted_ms(1000, 8, 1.0, divergent=True) == 8 * divergence.predicted_ms(1000, 8, 1.0, divergent=False)


def test_decode_reads_the_whole_cache():
    assert decode_attention.kv_bytes(1024) == 2 * 8 * 1024 * 8 * 128 * 2
    assert decode_attention.predicted_ms(131072, 4800, 0.01) == pytest.approx(
        0.01 + decode_attention.kv_bytes(131072) / 4.8e9)


def test_all_reduce_bus_factor():
    assert all_reduce.bus_factor(2) == 1.0 and all_reduce.bus_factor(8) == pytest.approx(1.75)
    assert all_reduce.bus_gbs(10**9, 10.0, 2) == pytest.approx(100.0)


def test_all_reduce_alpha_beta():
    # 20 µs fixed, then 1 GB of bus bytes at 400 GB/s on 2 GPUs
    assert all_reduce.alpha_beta_ms(10**9, 0.02, 400.0, 2) == pytest.approx(0.02 + 2.5)
