"""Cheating: calls PyTorch's softmax, the kernel the problem asks you to write."""

import torch


def solution(x):
    return torch.softmax(x, dim=-1)
