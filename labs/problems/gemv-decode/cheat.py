"""Cheating: runs the product in a thread, which keeps working after the call has returned and
the timer has stopped."""

import threading

import torch


def solution(w, x):
    y = torch.empty(w.shape[0], device=w.device, dtype=torch.float16)

    def work():
        y.copy_((w.float() * x.float()[None, :]).sum(dim=1).to(torch.float16))

    threading.Thread(target=work).start()
    return y
