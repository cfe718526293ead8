"""One decoding step of attention: for each of Z heads, the new token's query q (D values)
against the cached keys K and values V (S x D each): o = softmax(q K^T / sqrt(D)) V, all in
float16, computed in float32."""

import torch


def inputs(shape, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    z, s, d = shape["Z"], shape["S"], shape["D"]
    q = torch.randn((z, d), generator=g, device="cuda", dtype=torch.float32)
    k = torch.randn((z, s, d), generator=g, device="cuda", dtype=torch.float32)
    v = torch.randn((z, s, d), generator=g, device="cuda", dtype=torch.float32)
    return q.to(torch.float16), k.to(torch.float16), v.to(torch.float16)


def reference(q, k, v):
    scores = (k.float() * q.float()[:, None, :]).sum(dim=-1) * q.shape[-1] ** -0.5
    p = torch.softmax(scores, dim=-1)
    return (p[:, :, None] * v.float()).sum(dim=1).to(torch.float16)
