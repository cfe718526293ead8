"""Cheating: reaches PyTorch's softmax through a name spelt at run time, hoping the grader reads
only the names written out."""

import torch


def solution(q, k, v):
    softmax = getattr(torch, "soft" + "max")
    scores = (k.float() * q.float()[:, None, :]).sum(dim=-1) * q.shape[-1] ** -0.5
    return (softmax(scores, dim=-1)[:, :, None] * v.float()).sum(dim=1).to(torch.float16)
