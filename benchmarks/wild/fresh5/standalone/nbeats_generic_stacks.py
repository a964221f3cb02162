"""N-BEATS (generic and interpretable stacks); within a stack the blocks share weights when
share_weights_in_stack is set: the same block object is appended again."""

import numpy as np
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, units, thetas_dim, backcast_length=10, forecast_length=5, share_thetas=False):
        super().__init__()
        self.fc1 = nn.Linear(backcast_length, units)
        self.fc2 = nn.Linear(units, units)
        self.fc3 = nn.Linear(units, units)
        self.fc4 = nn.Linear(units, units)
        if share_thetas:
            self.theta_f_fc = self.theta_b_fc = nn.Linear(units, thetas_dim, bias=False)
        else:
            self.theta_b_fc = nn.Linear(units, thetas_dim, bias=False)
            self.theta_f_fc = nn.Linear(units, thetas_dim, bias=False)


class GenericBlock(Block):
    def __init__(self, units, thetas_dim, backcast_length=10, forecast_length=5):
        super().__init__(units, thetas_dim, backcast_length, forecast_length)
        self.backcast_fc = nn.Linear(thetas_dim, backcast_length)
        self.forecast_fc = nn.Linear(thetas_dim, forecast_length)


class TrendBlock(Block):
    def __init__(self, units, thetas_dim, backcast_length=10, forecast_length=5):
        super().__init__(units, thetas_dim, backcast_length, forecast_length, share_thetas=True)
        t = np.arange(forecast_length) / forecast_length
        self.register_buffer("basis", torch.tensor(np.array([t**i for i in range(thetas_dim)]), dtype=torch.float32))


class NBeatsNet(nn.Module):
    GENERIC_BLOCK, TREND_BLOCK = "generic", "trend"

    def __init__(self, stack_types=("trend", "generic"), nb_blocks_per_stack=3, forecast_length=5, backcast_length=10,
                 thetas_dim=(4, 8), share_weights_in_stack=False, hidden_layer_units=256):
        super().__init__()
        self.stacks = nn.ModuleList()
        for stack_id, stack_type in enumerate(stack_types):
            blocks = nn.ModuleList()
            for block_id in range(nb_blocks_per_stack):
                block_init = TrendBlock if stack_type == self.TREND_BLOCK else GenericBlock
                if share_weights_in_stack and block_id != 0:
                    block = blocks[-1]
                else:
                    block = block_init(hidden_layer_units, thetas_dim[stack_id], backcast_length, forecast_length)
                blocks.append(block)
            self.stacks.append(blocks)


model = NBeatsNet(
    stack_types=(NBeatsNet.TREND_BLOCK, NBeatsNet.GENERIC_BLOCK),
    nb_blocks_per_stack=3,
    forecast_length=12,
    backcast_length=48,
    thetas_dim=(3, 16),
    share_weights_in_stack=True,
    hidden_layer_units=64,
)
