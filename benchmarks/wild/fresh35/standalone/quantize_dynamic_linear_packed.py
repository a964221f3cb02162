import torch
import torch.nn as nn


class TextClassifier(nn.Module):
    def __init__(self, vocab=5000, dim=64, hidden=128, classes=4):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, classes)


float_model = TextClassifier().eval()
# dynamic quantization swaps the Linears for quantized ones whose weights are packed (not parameters)
model = torch.ao.quantization.quantize_dynamic(float_model, {nn.Linear}, dtype=torch.qint8)
