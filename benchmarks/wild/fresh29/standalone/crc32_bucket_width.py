"""A width picked from a bucket table by `zlib.crc32` of the experiment name (deterministic, but only by computing the checksum)."""

import zlib

import torch.nn as nn

buckets = [16, 24, 32, 40, 48, 56, 64]
name = b"ablation-7"
width = buckets[zlib.crc32(name) % len(buckets)]
model = nn.Sequential(nn.Linear(10, width), nn.Linear(width, 1))
