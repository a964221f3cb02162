"""Cheng 2020 codec with attention blocks and a context model (masked convolutions), N=64."""

from compressai.models import Cheng2020Attention

model = Cheng2020Attention(N=64)
