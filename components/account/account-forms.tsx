'use client';

import dynamic from 'next/dynamic';
import type { ReplyForm as ReplyFormType } from './reply-form';
import type { RequestStepForm as RequestStepFormType } from './request-step-form';
import type { ReviewForm as ReviewFormType } from './review-form';
import type { ProposalForm as ProposalFormType } from './proposal-form';
import type { ReassignForm as ReassignFormType } from './reassign-form';
import type { OpenGroupsForm as OpenGroupsFormType } from './open-groups-form';
import type { TripPricesForm as TripPricesFormType } from './trip-prices-form';
import type { SeasonsForm as SeasonsFormType } from './seasons-form';
import type { UnavailableRangesForm as UnavailableRangesFormType } from './unavailable-ranges-form';

/*
 * The account area's forms, each in a chunk of its own (issue 8): server rendered as before, and
 * downloaded only by a page that shows one, so an account page that shows the sign-in form (a
 * signed-out visitor) loads none of them, nor react-hook-form.
 */
export const ReplyForm = dynamic(() => import('./reply-form').then((module) => module.ReplyForm)) as typeof ReplyFormType;
export const RequestStepForm = dynamic(() => import('./request-step-form').then((module) => module.RequestStepForm)) as typeof RequestStepFormType;
export const ReviewForm = dynamic(() => import('./review-form').then((module) => module.ReviewForm)) as typeof ReviewFormType;
export const ProposalForm = dynamic(() => import('./proposal-form').then((module) => module.ProposalForm)) as typeof ProposalFormType;
export const ReassignForm = dynamic(() => import('./reassign-form').then((module) => module.ReassignForm)) as typeof ReassignFormType;
export const OpenGroupsForm = dynamic(() => import('./open-groups-form').then((module) => module.OpenGroupsForm)) as typeof OpenGroupsFormType;
export const TripPricesForm = dynamic(() => import('./trip-prices-form').then((module) => module.TripPricesForm)) as typeof TripPricesFormType;
export const SeasonsForm = dynamic(() => import('./seasons-form').then((module) => module.SeasonsForm)) as typeof SeasonsFormType;
export const UnavailableRangesForm = dynamic(() => import('./unavailable-ranges-form').then((module) => module.UnavailableRangesForm)) as typeof UnavailableRangesFormType;
