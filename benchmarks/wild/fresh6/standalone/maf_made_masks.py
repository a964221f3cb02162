"""Masked autoregressive flow: MADE layers whose connectivity masks are registered buffers, BatchNorm flows."""

import torch
import torch.nn as nn


class MaskedLinear(nn.Linear):
    def __init__(self, in_features, out_features, mask, cond_in_features=None, bias=True):
        super().__init__(in_features, out_features, bias)
        self.register_buffer("mask", mask)
        if cond_in_features is not None:
            self.cond_linear = nn.Linear(cond_in_features, out_features, bias=False)

    def forward(self, x):
        return nn.functional.linear(x, self.weight * self.mask, self.bias)


def get_mask(in_features, out_features, in_flow_features, mask_type=None):
    if mask_type == "input":
        in_degrees = torch.arange(in_features) % in_flow_features
    else:
        in_degrees = torch.arange(in_features) % (in_flow_features - 1)
    if mask_type == "output":
        out_degrees = torch.arange(out_features) % in_flow_features - 1
    else:
        out_degrees = torch.arange(out_features) % (in_flow_features - 1)
    return (out_degrees.unsqueeze(-1) >= in_degrees.unsqueeze(0)).float()


class MADE(nn.Module):
    def __init__(self, num_inputs, num_hidden, num_cond_inputs=None):
        super().__init__()
        input_mask = get_mask(num_inputs, num_hidden, num_inputs, mask_type="input")
        hidden_mask = get_mask(num_hidden, num_hidden, num_inputs)
        output_mask = get_mask(num_hidden, num_inputs * 2, num_inputs, mask_type="output")
        self.joiner = MaskedLinear(num_inputs, num_hidden, input_mask, num_cond_inputs)
        self.trunk = nn.Sequential(
            nn.ReLU(),
            MaskedLinear(num_hidden, num_hidden, hidden_mask),
            nn.ReLU(),
            MaskedLinear(num_hidden, num_inputs * 2, output_mask),
        )


class BatchNormFlow(nn.Module):
    def __init__(self, num_inputs, momentum=0.0, eps=1e-5):
        super().__init__()
        self.log_gamma = nn.Parameter(torch.zeros(num_inputs))
        self.beta = nn.Parameter(torch.zeros(num_inputs))
        self.register_buffer("running_mean", torch.zeros(num_inputs))
        self.register_buffer("running_var", torch.ones(num_inputs))


class Reverse(nn.Module):
    def __init__(self, num_inputs):
        super().__init__()
        self.register_buffer("perm", torch.arange(num_inputs - 1, -1, -1))


num_inputs, num_hidden, num_blocks, num_cond = 8, 64, 5, 3
modules = []
for _ in range(num_blocks):
    modules += [
        MADE(num_inputs, num_hidden, num_cond),
        BatchNormFlow(num_inputs),
        Reverse(num_inputs),
    ]
model = nn.Sequential(*modules)
