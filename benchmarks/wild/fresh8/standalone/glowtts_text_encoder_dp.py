"""Glow-TTS text encoder: relative-position self-attention (shared key/value relative
embeddings per layer held as parameters), conv FFN, projections for mean / log-std and a
duration predictor."""

import torch
import torch.nn as nn


class RelAttention(nn.Module):
    def __init__(self, channels, n_heads, window_size=4):
        super().__init__()
        k = channels // n_heads
        self.conv_q = nn.Conv1d(channels, channels, 1)
        self.conv_k = nn.Conv1d(channels, channels, 1)
        self.conv_v = nn.Conv1d(channels, channels, 1)
        self.conv_o = nn.Conv1d(channels, channels, 1)
        self.emb_rel_k = nn.Parameter(torch.randn(1, 2 * window_size + 1, k) * k**-0.5)
        self.emb_rel_v = nn.Parameter(torch.randn(1, 2 * window_size + 1, k) * k**-0.5)


class ChanLN(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(c))
        self.beta = nn.Parameter(torch.zeros(c))


class DurationPredictor(nn.Module):
    def __init__(self, cin, filt, k=3):
        super().__init__()
        self.conv_1 = nn.Conv1d(cin, filt, k, padding=k // 2)
        self.norm_1 = ChanLN(filt)
        self.conv_2 = nn.Conv1d(filt, filt, k, padding=k // 2)
        self.norm_2 = ChanLN(filt)
        self.proj = nn.Conv1d(filt, 1, 1)


class TextEncoder(nn.Module):
    def __init__(
        self, n_vocab=148, out_channels=80, hidden=192, filt=768, n_heads=2, n_layers=6, k=3
    ):
        super().__init__()
        self.emb = nn.Embedding(n_vocab, hidden)
        self.attn_layers = nn.ModuleList(RelAttention(hidden, n_heads) for _ in range(n_layers))
        self.norm_layers_1 = nn.ModuleList(ChanLN(hidden) for _ in range(n_layers))
        self.ffn_layers = nn.ModuleList(
            nn.Sequential(
                nn.Conv1d(hidden, filt, k, padding=1),
                nn.ReLU(),
                nn.Conv1d(filt, hidden, k, padding=1),
            )
            for _ in range(n_layers)
        )
        self.norm_layers_2 = nn.ModuleList(ChanLN(hidden) for _ in range(n_layers))
        self.proj_m = nn.Conv1d(hidden, out_channels, 1)
        self.proj_s = nn.Conv1d(hidden, out_channels, 1)
        self.proj_w = DurationPredictor(hidden, 256)


model = TextEncoder()
