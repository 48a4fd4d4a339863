import { zodResolver } from '@hookform/resolvers/zod';
import { ZForgotPasswordRequest, ZLoginRequest, ZResetPasswordRequest } from '@cod/shared';

// The shared schemas, as react-hook-form resolvers. Loaded apart from the pages (see lazy-resolver).
export const loginResolver = zodResolver(ZLoginRequest);
export const forgotPasswordResolver = zodResolver(ZForgotPasswordRequest);
export const resetPasswordResolver = zodResolver(ZResetPasswordRequest);
