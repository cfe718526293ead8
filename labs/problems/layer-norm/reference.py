"""Layer normalisation of each row: y = (x - mean) / sqrt(var + 1e-5) * w + b, the mean and the
(biased) variance over the row, x M x N and w, b N in float16, computed in float32."""

import torch


def inputs(shape, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    x = torch.randn((shape["M"], shape["N"]), generator=g, device="cuda", dtype=torch.float32)
    w = 1 + 0.1 * torch.randn(shape["N"], generator=g, device="cuda", dtype=torch.float32)
    b = 0.5 * torch.randn(shape["N"], generator=g, device="cuda", dtype=torch.float32)
    return x.to(torch.float16), w.to(torch.float16), b.to(torch.float16)


def reference(x, w, b):
    y = torch.nn.functional.layer_norm(x.float(), (x.shape[1],), w.float(), b.float(), eps=1e-5)
    return y.to(torch.float16)
