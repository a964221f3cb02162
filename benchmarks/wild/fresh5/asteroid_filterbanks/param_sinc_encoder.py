from asteroid_filterbanks import Encoder, ParamSincFB
import torch.nn as nn

# SincNet-style front end: only band edges are learned
frontend = Encoder(ParamSincFB(n_filters=40, kernel_size=251, stride=10, sample_rate=16000))
model = nn.Sequential(frontend, nn.BatchNorm1d(40), nn.LeakyReLU(), nn.Conv1d(40, 60, 5), nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(60, 10))
