"""Teacher-student distillation: the student is trained to match a frozen teacher."""

import torch.nn as nn
from anymal_belief_state_encoder_decoder_pytorch import Student, Teacher

SPEC = dict(num_actions=12, proprio_dim=48, extero_dim=52, privileged_dim=30)


class Distiller(nn.Module):
    def __init__(self):
        super().__init__()
        self.teacher = Teacher(**SPEC, latent_extero_dim=12, mlp_hidden=(128, 64))
        self.student = Student(
            **SPEC,
            gru_num_layers=1,
            gru_hidden_size=32,
            belief_state_dim=64,
            latent_extero_dim=12,
            mlp_hidden=(128, 64),
        )
        self.teacher.requires_grad_(False)


model = Distiller()
