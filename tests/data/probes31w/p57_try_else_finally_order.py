# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def run(fail):
    log = []
    try:
        log.append(1)
        if fail:
            raise KeyError
    except KeyError:
        log.append(2)
    else:
        log.append(3)
    finally:
        log.append(4)
    return log


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(sum(run(True)), 2)
        self.b = nn.Linear(sum(run(False)), 2)


model = M()
