"""peft's low-level API: LoRA injected in place into a plain torch transformer's linear layers
(no PeftModel wrapper)."""

import torch.nn as nn
from peft import LoraConfig, inject_adapter_in_model


class Block(nn.Module):
    def __init__(self, dim=64, hidden=128):
        super().__init__()
        self.q_proj = nn.Linear(dim, dim)
        self.k_proj = nn.Linear(dim, dim)
        self.v_proj = nn.Linear(dim, dim)
        self.out_proj = nn.Linear(dim, dim)
        self.ffn = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))


class Tiny(nn.Module):
    def __init__(self, vocab=300, dim=64, depth=3):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(Block(dim) for _ in range(depth))
        self.head = nn.Linear(dim, vocab)


lora = LoraConfig(r=4, lora_alpha=8, lora_dropout=0.05, target_modules=["q_proj", "v_proj"], bias="none")
model = inject_adapter_in_model(lora, Tiny())
