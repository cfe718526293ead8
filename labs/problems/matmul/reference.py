"""Matrix multiply: C = A @ B, A M x K and B K x N in float16, C in float16. The reference
multiplies in float32 (TF32 off) and rounds once; a solution accumulates in float32 too."""

import torch


def inputs(shape, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    a = torch.randn((shape["M"], shape["K"]), generator=g, device="cuda", dtype=torch.float32)
    b = torch.randn((shape["K"], shape["N"]), generator=g, device="cuda", dtype=torch.float32)
    return a.to(torch.float16), b.to(torch.float16)


def reference(a, b):
    allowed = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False
    try:
        return (a.float() @ b.float()).to(torch.float16)
    finally:
        torch.backends.cuda.matmul.allow_tf32 = allowed
