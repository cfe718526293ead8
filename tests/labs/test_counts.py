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
    assert memory_bandwidth.gbs(4.8e9, 1.0) == pytest.approx(4800)
    sizes = memory_bandwidth.sweep_sizes(quick=False)
    assert sizes[0] == 2 * 2**20 and sizes[-1] == 4 * 2**30 and sizes == sorted(sizes)
    assert memory_bandwidth.sweep_reps(2 * 2**20) == 2048 and memory_bandwidth.sweep_reps(4 * 2**30) == 1


def test_coalescing_charges_whole_sectors():
    assert coalescing.bytes_moved(100, 1) == 800  # 4 read + 4 written per value
    assert coalescing.bytes_moved(100, 8) == 100 * 32 + 400
    assert coalescing.bytes_moved(100, 64) == coalescing.bytes_moved(100, 8)  # a sector per value at most
    assert coalescing.predicted_gbs(1, 4800) == pytest.approx(4800)
    assert coalescing.predicted_gbs(32, 4800) == pytest.approx(4800 * 8 / 36)


def test_roofline_intensities_and_roof():
    assert roofline.fma_intensity(4) == 1.0
    assert roofline.matmul_intensity(3072) == pytest.approx(1024)
    assert roofline.roof_tflops(1.0, 67, 4800) == pytest.approx(4.8)
    assert roofline.roof_tflops(64, 67, 4800) == 67


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


def test_launch_overhead_floor_is_nanoseconds():
    assert launch_overhead.kernel_bytes() == 8192
    assert launch_overhead.predicted_us(4800) == pytest.approx(8192 / 4.8e12 * 1e6)  # 1.7 ns


def test_pcie_link_bandwidth_per_direction():
    assert host_device.link_gbs(5, 16) == pytest.approx(63.015, abs=0.01)
    assert host_device.link_gbs(4, 16) == pytest.approx(31.5, abs=0.01)
    assert host_device.link_gbs(2, 16) == pytest.approx(8.0)


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


def test_divergence_source_has_a_distinct_loop_per_path():
    src = divergence.source(steps=16)
    assert src.count("case ") == 64 and "(i / 32) % paths" in src and "(i % 32) % paths" in src
    assert len({divergence.constants(p) for p in range(32)}) == 32
    assert divergence.predicted_ms(1000, 8, 1.0, divergent=True) == 8 * divergence.predicted_ms(1000, 8, 1.0, divergent=False)


def test_decode_reads_the_whole_cache():
    assert decode_attention.kv_bytes(1024) == 2 * 8 * 1024 * 8 * 128 * 2
    assert decode_attention.predicted_ms(131072, 4800) == pytest.approx(decode_attention.kv_bytes(131072) / 4.8e9)


def test_all_reduce_bus_factor():
    assert all_reduce.bus_factor(2) == 1.0 and all_reduce.bus_factor(8) == pytest.approx(1.75)
    assert all_reduce.bus_gbs(10**9, 10.0, 2) == pytest.approx(100.0)
