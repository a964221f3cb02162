"""Widths loaded by coroutines gathered with `asyncio.gather` under `asyncio.run` (results come back in argument order)."""

import asyncio

import torch.nn as nn


async def fetch(key, delay):
    await asyncio.sleep(delay)
    return {"enc": 20, "dec": 12, "head": 5}[key]


async def load():
    return await asyncio.gather(fetch("head", 0.002), fetch("enc", 0.001), fetch("dec", 0))


head, enc, dec = asyncio.run(load())
model = nn.Sequential(nn.Linear(enc, dec), nn.Linear(dec, head))
