"""FastSpeech 2: FFT blocks (self-attention + 1-D conv feed-forward) for encoder and decoder, a
variance adaptor with duration, pitch and energy predictors, pitch/energy quantised into bins
(bucket boundaries as non-trainable parameters, as some implementations keep them), a
mel linear and a 5-layer conv postnet. Config from a YAML-like dict."""

import torch
import torch.nn as nn
import yaml

CONFIG = yaml.safe_load(
    """
max_seq_len: 1000
transformer:
  encoder_layer: 2
  encoder_head: 2
  encoder_hidden: 128
  decoder_layer: 2
  decoder_head: 2
  decoder_hidden: 128
  conv_filter_size: 512
  conv_kernel_size: [9, 1]
variance_predictor:
  filter_size: 128
  kernel_size: 3
variance_embedding:
  n_bins: 64
n_mel_channels: 80
vocab: 80
"""
)


class FFTBlock(nn.Module):
    def __init__(self, d_model, n_head, d_inner, kernel_size):
        super().__init__()
        self.slf_attn = nn.MultiheadAttention(d_model, n_head, batch_first=True)
        self.attn_norm = nn.LayerNorm(d_model)
        self.w_1 = nn.Conv1d(d_model, d_inner, kernel_size[0], padding=(kernel_size[0] - 1) // 2)
        self.w_2 = nn.Conv1d(d_inner, d_model, kernel_size[1], padding=(kernel_size[1] - 1) // 2)
        self.ffn_norm = nn.LayerNorm(d_model)


class VariancePredictor(nn.Module):
    def __init__(self, d_in, filter_size, kernel):
        super().__init__()
        self.conv_layer = nn.Sequential(
            nn.Conv1d(d_in, filter_size, kernel, padding=(kernel - 1) // 2), nn.ReLU(), nn.LayerNorm(filter_size), nn.Dropout(0.5),
            nn.Conv1d(filter_size, filter_size, kernel, padding=1), nn.ReLU(), nn.LayerNorm(filter_size), nn.Dropout(0.5),
        )
        self.linear_layer = nn.Linear(filter_size, 1)


class VarianceAdaptor(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d = cfg["transformer"]["encoder_hidden"]
        vp = cfg["variance_predictor"]
        n_bins = cfg["variance_embedding"]["n_bins"]
        self.duration_predictor = VariancePredictor(d, vp["filter_size"], vp["kernel_size"])
        self.pitch_predictor = VariancePredictor(d, vp["filter_size"], vp["kernel_size"])
        self.energy_predictor = VariancePredictor(d, vp["filter_size"], vp["kernel_size"])
        self.pitch_bins = nn.Parameter(torch.linspace(-2.0, 8.0, n_bins - 1), requires_grad=False)
        self.energy_bins = nn.Parameter(torch.linspace(-1.5, 9.0, n_bins - 1), requires_grad=False)
        self.pitch_embedding = nn.Embedding(n_bins, d)
        self.energy_embedding = nn.Embedding(n_bins, d)


class FastSpeech2(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        t = cfg["transformer"]
        self.src_word_emb = nn.Embedding(cfg["vocab"], t["encoder_hidden"], padding_idx=0)
        self.position_enc = nn.Parameter(torch.zeros(1, cfg["max_seq_len"] + 1, t["encoder_hidden"]), requires_grad=False)
        self.encoder = nn.ModuleList(
            [FFTBlock(t["encoder_hidden"], t["encoder_head"], t["conv_filter_size"], t["conv_kernel_size"]) for _ in range(t["encoder_layer"])]
        )
        self.variance_adaptor = VarianceAdaptor(cfg)
        self.decoder = nn.ModuleList(
            [FFTBlock(t["decoder_hidden"], t["decoder_head"], t["conv_filter_size"], t["conv_kernel_size"]) for _ in range(t["decoder_layer"])]
        )
        self.mel_linear = nn.Linear(t["decoder_hidden"], cfg["n_mel_channels"])
        chans = [cfg["n_mel_channels"]] + [256] * 4 + [cfg["n_mel_channels"]]
        self.postnet = nn.ModuleList(
            [nn.Sequential(nn.Conv1d(chans[i], chans[i + 1], 5, padding=2), nn.BatchNorm1d(chans[i + 1])) for i in range(5)]
        )


model = FastSpeech2(CONFIG)
