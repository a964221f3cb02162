"""A sparsely-gated mixture of experts with a noisy top-k router, as in the classic MoE layer repos."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions.normal import Normal


class MLP(nn.Module):
    def __init__(self, input_size, output_size, hidden_size):
        super().__init__()
        self.fc1 = nn.Linear(input_size, hidden_size)
        self.fc2 = nn.Linear(hidden_size, output_size)
        self.relu = nn.ReLU()
        self.soft = nn.Softmax(1)

    def forward(self, x):
        return self.soft(self.fc2(self.relu(self.fc1(x))))


class MoE(nn.Module):
    def __init__(self, input_size, output_size, num_experts, hidden_size, noisy_gating=True, k=4):
        super().__init__()
        self.noisy_gating = noisy_gating
        self.num_experts = num_experts
        self.output_size = output_size
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.k = k
        self.experts = nn.ModuleList([MLP(self.input_size, self.output_size, self.hidden_size) for i in range(self.num_experts)])
        self.w_gate = nn.Parameter(torch.zeros(input_size, num_experts), requires_grad=True)
        self.w_noise = nn.Parameter(torch.zeros(input_size, num_experts), requires_grad=True)
        self.softplus = nn.Softplus()
        self.softmax = nn.Softmax(1)
        self.register_buffer("mean", torch.tensor([0.0]))
        self.register_buffer("std", torch.tensor([1.0]))
        assert self.k <= self.num_experts

    def noisy_top_k_gating(self, x, train, noise_epsilon=1e-2):
        clean_logits = x @ self.w_gate
        if self.noisy_gating and train:
            raw_noise_stddev = x @ self.w_noise
            noise_stddev = self.softplus(raw_noise_stddev) + noise_epsilon
            logits = clean_logits + (torch.randn_like(clean_logits) * noise_stddev)
        else:
            logits = clean_logits
        top_logits, top_indices = logits.topk(min(self.k + 1, self.num_experts), dim=1)
        top_k_gates = self.softmax(top_logits[:, : self.k])
        zeros = torch.zeros_like(logits, requires_grad=True)
        return zeros.scatter(1, top_indices[:, : self.k], top_k_gates)

    def forward(self, x):
        gates = self.noisy_top_k_gating(x, self.training)
        outs = torch.stack([e(x) for e in self.experts], dim=1)
        return (gates.unsqueeze(-1) * outs).sum(1)


model = MoE(input_size=32, output_size=10, num_experts=6, hidden_size=64, noisy_gating=True, k=2)
