from rsl_rl.modules import StudentTeacher

train_cfg = {
    "policy": {
        "class_name": "StudentTeacher",
        "student_hidden_dims": [256, 128, 64],
        "teacher_hidden_dims": [512, 256, 128],
        "activation": "elu",
        "init_noise_std": 0.1,
    }
}
policy_cfg = dict(train_cfg["policy"])
policy_cfg.pop("class_name")
model = StudentTeacher(num_student_obs=42, num_teacher_obs=187, num_actions=12, **policy_cfg)
