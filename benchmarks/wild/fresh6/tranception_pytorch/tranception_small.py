"""Tranception (protein LM with grouped multi-scale convs in attention), small."""

from tranception_pytorch import Tranception

model = Tranception(dim=128, depth=2, num_tokens=25, heads=8, dim_head=16, ff_mult=2)
