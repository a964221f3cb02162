# Neural Turing Machine: an LSTM controller with one read and one write head over an N x M memory
import torch
import torch.nn as nn


class NTMHead(nn.Module):
    def __init__(self, ctrl_size, M, write=False):
        super().__init__()
        # key (M), beta, gate, shift (3), gamma
        sizes = [M, 1, 1, 3, 1]
        if write:
            sizes += [M, M]  # erase and add vectors
        self.sizes = sizes
        self.fc = nn.Linear(ctrl_size, sum(sizes))


class NTM(nn.Module):
    def __init__(self, num_inputs=9, num_outputs=8, ctrl_size=100, N=128, M=20):
        super().__init__()
        self.register_buffer("mem_bias", torch.randn(N, M) * 0.01)
        self.controller = nn.LSTM(num_inputs + M, ctrl_size)
        self.h0 = nn.Parameter(torch.randn(1, 1, ctrl_size) * 0.05)
        self.c0 = nn.Parameter(torch.randn(1, 1, ctrl_size) * 0.05)
        self.read_head = NTMHead(ctrl_size, M)
        self.write_head = NTMHead(ctrl_size, M, write=True)
        self.init_read = nn.Parameter(torch.randn(1, M) * 0.01)
        self.fc = nn.Linear(ctrl_size + M, num_outputs)


model = NTM()
