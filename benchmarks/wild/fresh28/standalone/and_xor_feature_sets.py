"""Branch inputs from set algebra done by a FeatureSet class's `__and__` / `__xor__` (its own, not Python's sets)."""

import torch.nn as nn


class FeatureSet:
    def __init__(self, names):
        self.names = tuple(names)

    def __and__(self, other):
        return FeatureSet(n for n in self.names if n in other.names)

    def __xor__(self, other):
        return FeatureSet(
            [n for n in self.names if n not in other.names]
            + [n for n in other.names if n not in self.names]
        )

    def __len__(self):
        return len(self.names) * 4  # every feature is a 4-dim embedding


audio = FeatureSet(["pitch", "energy", "tempo", "mfcc", "chroma"])
video = FeatureSet(["tempo", "motion", "mfcc", "faces"])


class Fusion(nn.Module):
    def __init__(self, a, b, out):
        super().__init__()
        self.shared = nn.Linear(len(a & b), out)
        self.exclusive = nn.Linear(len(a ^ b), out)


model = Fusion(audio, video, out=8)
