"""Demucs (v2-style) waveform U-Net: channels grow by `growth` per level, a BiLSTM bottleneck, GLU convs, rescaled init."""

import math

from torch import nn


class BLSTM(nn.Module):
    def __init__(self, dim, layers=2):
        super().__init__()
        self.lstm = nn.LSTM(bidirectional=True, num_layers=layers, hidden_size=dim, input_size=dim)
        self.linear = nn.Linear(2 * dim, dim)


class Demucs(nn.Module):
    def __init__(
        self,
        sources=4,
        audio_channels=2,
        channels=16,
        depth=4,
        growth=2.0,
        kernel_size=8,
        stride=4,
        context=3,
        glu=True,
        lstm_layers=2,
    ):
        super().__init__()
        self.encoder = nn.ModuleList()
        self.decoder = nn.ModuleList()
        ch_scale, activation = (2, nn.GLU(dim=1)) if glu else (1, nn.ReLU())
        in_channels = audio_channels
        for index in range(depth):
            self.encoder.append(
                nn.Sequential(
                    nn.Conv1d(in_channels, channels, kernel_size, stride),
                    nn.ReLU(),
                    nn.Conv1d(channels, ch_scale * channels, 1),
                    activation,
                )
            )
            out_channels = in_channels if index > 0 else sources * audio_channels
            decode = [
                nn.Conv1d(channels, ch_scale * channels, context),
                activation,
                nn.ConvTranspose1d(channels, out_channels, kernel_size, stride),
            ]
            if index > 0:
                decode.append(nn.ReLU())
            self.decoder.insert(0, nn.Sequential(*decode))
            in_channels = channels
            channels = int(growth * channels)
        self.lstm = BLSTM(in_channels, lstm_layers) if lstm_layers else None
        self.valid_length_hint = math.ceil(44100 / stride**depth)


model = Demucs(sources=4, audio_channels=2, channels=12, depth=4, growth=1.5, lstm_layers=2)
